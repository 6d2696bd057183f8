import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  formatMinor,
  type Deposit,
  type DepositCreatePayload,
  type DepositStatus,
  type OperatorDeposit,
  type Page,
  type PaymentChannel,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { FileStorage } from '../../lib/storage';
import type { MerchantConfig } from '../system';
import { playerAccount, systemAccount, transfer } from '../wallet';
import * as repo from './deposits.repo';
import { withinDepositLimits } from '../responsible-gaming';
import { depositedWithin } from './deposit-totals';
import type { GatewayRegistry } from './gateways/payment-gateway';
import { amountWithin, parseAmount } from './money';
import { checkedProof } from './proof-image';

/**
 * Deposits (docs/payments.md): a manual bank transfer waits for an operator; a gateway deposit waits for
 * the gateway's signed callback. Either way the money moves once, from deposit clearing to the player's
 * main wallet, under the ledger key `deposit:<id>`, in the same transaction that marks the deposit approved.
 */
export interface PaymentDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  gateways: GatewayRegistry;
}

/** Where the browser and the gateway reach this portal (PUBLIC_URL, else the request's own origin). */
export interface Origins {
  origin: string;
}

function presentChannel(channel: repo.ChannelRow, decimals: number): PaymentChannel {
  return {
    id: channel.id,
    type: channel.type,
    name: channel.name,
    minAmount: formatMinor(channel.min_amount_minor, decimals),
    maxAmount: formatMinor(channel.max_amount_minor, decimals),
    bankName: channel.bank_name,
    accountNumber: channel.account_number,
    accountHolder: channel.account_holder,
  };
}

/** The enabled channels, without gateway channels whose gateway this server does not run. */
export async function listChannels(deps: PaymentDeps, merchant: MerchantConfig): Promise<PaymentChannel[]> {
  const channels = await repo.selectEnabledChannels(deps.db, merchant.id);
  return channels
    .filter((channel) => channel.type === 'manual_bank' || deps.gateways.has(channel.gateway_code ?? ''))
    .map((channel) => presentChannel(channel, merchant.currency.decimals));
}

/** A deposit row as the player sees it. */
export function presentDeposit(row: repo.DepositRow, decimals: number): Deposit {
  return {
    id: row.id.toString(),
    channelId: row.channel_id,
    channelName: row.channel_name,
    channelType: row.channel_type,
    amount: formatMinor(row.amount_minor, decimals),
    reference: row.reference,
    hasProof: row.proof_file_key !== null,
    status: row.status,
    rejectReason: row.reject_reason,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    checkoutUrl: row.status === 'pending' ? row.checkout_url : null,
  };
}

/** A deposit row as an operator sees it (with the member). */
export function presentOperatorDeposit(row: repo.DepositRow, decimals: number): OperatorDeposit {
  return { ...presentDeposit(row, decimals), memberId: row.member_id, username: row.username };
}

function requestHash(payload: DepositCreatePayload): string {
  const proofHash = payload.proofImage ? createHash('sha256').update(payload.proofImage).digest('hex') : null;
  const canonical = JSON.stringify([payload.channelId, payload.amount, payload.reference ?? null, proofHash]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The stored deposit of a repeated client request id, or idempotency_conflict when it asked otherwise. */
function replayOf(row: repo.DepositRow, hash: string, decimals: number): Deposit {
  if (row.request_hash !== hash) {
    throw new AppError('idempotency_conflict', 'This request id was used for a different deposit');
  }
  return presentDeposit(row, decimals);
}

async function usableChannel(deps: PaymentDeps, merchant: MerchantConfig, channelId: number) {
  const channel = await repo.selectChannel(deps.db, merchant.id, channelId);
  const runs = channel?.type === 'manual_bank' || deps.gateways.has(channel?.gateway_code ?? '');
  if (!channel?.enabled || !runs) {
    throw new AppError('channel_unavailable', 'This payment channel is not available');
  }
  return channel;
}

/**
 * Creates a deposit once per client request id. Manual: reference (and optional proof) recorded, pending
 * until an operator decides. Gateway: a checkout is started and its address returned in checkoutUrl.
 */
export async function createDeposit(
  deps: PaymentDeps,
  merchant: MerchantConfig,
  memberId: number,
  payload: DepositCreatePayload,
  origins: Origins,
): Promise<Deposit> {
  const decimals = merchant.currency.decimals;
  const channel = await usableChannel(deps, merchant, payload.channelId);
  const amountMinor = parseAmount(payload.amount, decimals);
  amountWithin(amountMinor, channel.min_amount_minor, channel.max_amount_minor, decimals);
  const isManual = channel.type === 'manual_bank';
  if (isManual && !payload.reference) {
    throw new AppError('validation_failed', 'Invalid input: reference', {
      fields: [{ field: 'reference', message: 'is empty', code: 'empty' }],
    });
  }
  const hash = requestHash(payload);
  const existing = await repo.selectDepositByClientRequest(
    deps.db,
    merchant.id,
    memberId,
    payload.clientRequestId,
  );
  if (existing) return replayOf(existing, hash, decimals);

  // The proof is checked now and stored only once the deposit is allowed (a refused one leaves no file).
  const proof = isManual && payload.proofImage ? checkedProof(payload.proofImage) : null;
  const gatewayReference = isManual ? null : randomBytes(16).toString('base64url');
  // Responsible gaming (issue 17): past a deposit limit the deposit is refused here, before any
  // payment provider is asked; two parallel deposits queue on the member's deposit lock.
  const depositId = await withinDepositLimits(
    deps.db,
    { memberId, merchantId: merchant.id, decimals },
    amountMinor,
    new Date(),
    depositedWithin,
    async (executor) =>
      repo.insertDeposit(executor, {
        merchant_id: merchant.id,
        member_id: memberId,
        channel_id: channel.id,
        currency: merchant.currency.code,
        amount_minor: amountMinor,
        reference: isManual ? (payload.reference ?? null) : null,
        proof_file_key: proof ? await deps.storage.put('proofs', proof.bytes, proof.type) : null,
        client_request_id: payload.clientRequestId,
        request_hash: hash,
        gateway_reference: gatewayReference,
        checkout_url: null,
        reject_reason: null,
        decided_by_operator_id: null,
        decided_at: null,
        transfer_id: null,
      }),
  );
  if (depositId === undefined) {
    // A concurrent request with the same id won the insert; answer as its replay.
    const raced = await repo.selectDepositByClientRequest(
      deps.db,
      merchant.id,
      memberId,
      payload.clientRequestId,
    );
    return replayOf(raced!, hash, decimals);
  }
  if (gatewayReference)
    await startCheckout(deps, merchant, depositId, channel, gatewayReference, amountMinor, origins);
  const row = await repo.selectDeposit(deps.db, merchant.id, depositId);
  return presentDeposit(row!, decimals);
}

async function startCheckout(
  deps: PaymentDeps,
  merchant: MerchantConfig,
  depositId: bigint,
  channel: repo.ChannelRow,
  reference: string,
  amountMinor: bigint,
  origins: Origins,
): Promise<void> {
  const gateway = deps.gateways.get(channel.gateway_code!)!;
  try {
    const { redirectUrl } = await gateway.createCheckout({
      reference,
      amountMinor,
      currency: merchant.currency.code,
      decimals: merchant.currency.decimals,
      callbackUrl: `${origins.origin}/wps/payments/callback/${gateway.code}`,
      returnUrl: `${origins.origin}/member?tab=depositv2&deposit=${depositId}`,
    });
    await repo.setCheckoutUrl(deps.db, depositId, redirectUrl);
  } catch (error) {
    // No checkout means nothing can be paid: close the deposit so it does not wait forever.
    await decideDeposit(
      deps.db,
      merchant,
      depositId,
      { outcome: 'reject', reason: 'gateway unavailable' },
      null,
    );
    throw new AppError('gateway_unavailable', 'The payment gateway did not answer; try again', {
      cause: error instanceof Error ? error.message : String(error),
    });
  }
}

export interface DepositListFilter {
  status?: DepositStatus | undefined;
  page: number;
  pageSize: number;
}

/** The member's deposits, newest first. */
export async function listMemberDeposits(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  filter: DepositListFilter,
): Promise<Page<Deposit>> {
  const { rows, total } = await repo.listDeposits(db, { merchantId: merchant.id, memberId, ...filter });
  const items = rows.map((row) => presentDeposit(row, merchant.currency.decimals));
  return { items, page: filter.page, pageSize: filter.pageSize, total };
}

/** Every member's deposits, for operators (pending first when filtered by status). */
export async function listAllDeposits(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  filter: DepositListFilter,
): Promise<Page<OperatorDeposit>> {
  const { rows, total } = await repo.listDeposits(db, { merchantId: merchant.id, ...filter });
  const items = rows.map((row) => presentOperatorDeposit(row, merchant.currency.decimals));
  return { items, page: filter.page, pageSize: filter.pageSize, total };
}

/** One of the member's deposits (another member's is as good as missing). */
export async function memberDeposit(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  depositId: bigint,
): Promise<Deposit> {
  const row = await repo.selectDeposit(db, merchant.id, depositId);
  if (!row || row.member_id !== memberId) throw new AppError('deposit_not_found', 'No such deposit');
  return presentDeposit(row, merchant.currency.decimals);
}

export type DepositDecision = { outcome: 'approve' } | { outcome: 'reject'; reason: string };

/**
 * Approves (money moves, once) or rejects a pending deposit, under a row lock so an approval and a
 * rejection racing each other cannot both win. Taking the same decision again is a replay; the other
 * decision after one was taken is already_decided.
 */
export async function decideDeposit(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  depositId: bigint,
  decision: DepositDecision,
  operatorId: number | null,
  onlyChannelType?: 'manual_bank',
): Promise<{ replayed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.lockDeposit(trx, merchant.id, depositId);
    if (!row) throw new AppError('deposit_not_found', 'No such deposit');
    if (onlyChannelType) {
      const channel = await repo.selectChannel(trx, merchant.id, row.channel_id);
      if (channel?.type !== onlyChannelType) {
        throw new AppError('already_decided', 'Gateway deposits are decided by the gateway callback');
      }
    }
    const wanted: DepositStatus = decision.outcome === 'approve' ? 'approved' : 'rejected';
    if (row.status === wanted) return { replayed: true };
    if (row.status !== 'pending') {
      throw new AppError('already_decided', `This deposit was already ${row.status}`, {
        status: row.status,
      });
    }
    if (decision.outcome === 'reject') {
      await repo.markDepositRejected(trx, depositId, operatorId, decision.reason);
      return { replayed: false };
    }
    const { transferId } = await transfer(trx, {
      debit: systemAccount(merchant.id, row.currency, 'deposit_clearing', row.member_id),
      credit: playerAccount(merchant.id, row.currency, row.member_id),
      amountMinor: row.amount_minor,
      kind: 'deposit',
      idempotencyKey: `deposit:${depositId}`,
    });
    await repo.markDepositApproved(trx, depositId, operatorId, transferId);
    return { replayed: false };
  });
}

/** The deposit after an operator decision, as the operator sees it. */
export async function operatorDeposit(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  depositId: bigint,
): Promise<OperatorDeposit> {
  const row = await repo.selectDeposit(db, merchant.id, depositId);
  if (!row) throw new AppError('deposit_not_found', 'No such deposit');
  return presentOperatorDeposit(row, merchant.currency.decimals);
}

/** The stored proof image of a deposit, for operators. */
export async function depositProof(deps: PaymentDeps, merchant: MerchantConfig, depositId: bigint) {
  const row = await repo.selectDeposit(deps.db, merchant.id, depositId);
  const bytes = row?.proof_file_key ? await deps.storage.get(row.proof_file_key) : undefined;
  if (!row?.proof_file_key || !bytes) throw new AppError('not_found', 'This deposit has no proof image');
  return { key: row.proof_file_key, bytes };
}

export interface SeedDepositRequest {
  merchantId: number;
  currency: string;
  memberId: number;
  /** The manual channel the deposit is recorded on. */
  channelId: number;
  amountMinor: bigint;
  /** Names what pays: the deposit's client request id and the ledger transfer's idempotency key. */
  key: string;
  reference: string;
}

/**
 * A deposit recorded and approved at once, without an operator: the demo seed's starting money
 * (SEED_DEMO only; never reachable from a request). The deposit row is the player's record (deposit
 * history, reports, first-deposit rules), and the money moves from deposit clearing to the player's main
 * wallet through the ledger like an approval, under the seed's own key, so a second run (a restart,
 * another instance) finds the row and moves nothing. Returns whether it credited now.
 */
export async function seedDeposit(db: Kysely<DB>, request: SeedDepositRequest): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const depositId = await repo.insertDeposit(trx, {
      merchant_id: request.merchantId,
      member_id: request.memberId,
      channel_id: request.channelId,
      currency: request.currency,
      amount_minor: request.amountMinor,
      reference: request.reference,
      proof_file_key: null,
      client_request_id: request.key,
      request_hash: createHash('sha256')
        .update(JSON.stringify([request.channelId, request.amountMinor.toString(), request.reference]))
        .digest('hex'),
      gateway_reference: null,
      checkout_url: null,
      reject_reason: null,
      decided_by_operator_id: null,
      decided_at: null,
      transfer_id: null,
    });
    if (depositId === undefined) return false;
    const { transferId, replayed } = await transfer(trx, {
      debit: systemAccount(request.merchantId, request.currency, 'deposit_clearing', request.memberId),
      credit: playerAccount(request.merchantId, request.currency, request.memberId),
      amountMinor: request.amountMinor,
      kind: 'deposit',
      idempotencyKey: request.key,
    });
    if (replayed) throw new Error(`ledger key ${request.key} already paid another deposit`);
    await repo.markDepositApproved(trx, depositId, null, transferId);
    return true;
  });
}
