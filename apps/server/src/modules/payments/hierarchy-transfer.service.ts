import type { Kysely } from 'kysely';
import {
  agentTypes,
  formatMinor,
  type HierarchyMember,
  type HierarchyTransferResult,
  type Page,
  type UplineInfo,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import { mainBalanceMinor, playerAccount, transfer } from '../wallet';
import * as repo from './member-money.repo';
import { verifyPaymentPassword } from './member-money.service';
import { parseAmount } from './money';

/**
 * Transfers along the agent hierarchy only (spec section 6): an account to its own upline agent
 * (members.parent_agent_id, set by affiliate placement), and an agent to one of its direct downline.
 * Main wallet to main wallet, payment password required, once per client request id.
 */
function isAgent(type: number): boolean {
  return agentTypes.includes(type as 1);
}

function presentMember(row: { id: number; username: string; nickname: string | null }): HierarchyMember {
  return { id: row.id, username: row.username, nickname: row.nickname };
}

/** The agent this account pays into with a transfer to upline, or null. */
export async function uplineOf(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
): Promise<UplineInfo> {
  const me = await repo.selectMemberRef(db, merchant.id, memberId);
  const upline = me?.parent_agent_id
    ? await repo.selectMemberRef(db, merchant.id, me.parent_agent_id)
    : undefined;
  return {
    upline: upline && upline.status === 'active' && isAgent(upline.type) ? presentMember(upline) : null,
  };
}

/** An agent's direct downline (not_agent for anyone else). */
export async function downlinesOf(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  query: { search?: string | undefined; page: number; pageSize: number },
): Promise<Page<HierarchyMember>> {
  const me = await repo.selectMemberRef(db, merchant.id, memberId);
  if (!me || !isAgent(me.type)) throw new AppError('not_agent', 'Only agents have a downline');
  const { rows, total } = await repo.selectDownlines(db, {
    merchantId: merchant.id,
    agentId: memberId,
    ...query,
  });
  return { items: rows.map(presentMember), page: query.page, pageSize: query.pageSize, total };
}

interface TransferAsk {
  amount: string;
  paymentPassword: string;
  clientRequestId: string;
}

async function move(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  recipient: { id: number; username: string },
  ask: TransferAsk,
  kind: 'transfer_upline' | 'transfer_downline',
): Promise<HierarchyTransferResult> {
  const decimals = merchant.currency.decimals;
  const amountMinor = parseAmount(ask.amount, decimals);
  await verifyPaymentPassword(db, merchant, memberId, ask.paymentPassword);
  const currency = merchant.currency.code;
  const { transferId, replayed } = await transfer(db, {
    debit: playerAccount(merchant.id, currency, memberId),
    credit: playerAccount(merchant.id, currency, recipient.id),
    amountMinor,
    kind,
    // The recipient is part of the request hash (credit account), so reusing an id for another is refused.
    idempotencyKey: `${kind}:${memberId}:${ask.clientRequestId}`,
  });
  return {
    transferId: transferId.toString(),
    amount: formatMinor(amountMinor, decimals),
    recipient: recipient.username,
    balance: formatMinor(await mainBalanceMinor(db, merchant, memberId), decimals),
    replayed,
  };
}

/** Moves money from this account's main wallet to its own upline agent's. */
export async function transferToUpline(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  ask: TransferAsk,
): Promise<HierarchyTransferResult> {
  const { upline } = await uplineOf(db, merchant, memberId);
  if (!upline) throw new AppError('no_upline', 'This account has no agent to transfer to');
  return move(db, merchant, memberId, upline, ask, 'transfer_upline');
}

/** Moves money from an agent's main wallet to one of its direct downline's. */
export async function transferToDownline(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  ask: TransferAsk & { downlineId: number },
): Promise<HierarchyTransferResult> {
  const me = await repo.selectMemberRef(db, merchant.id, memberId);
  if (!me || !isAgent(me.type)) throw new AppError('not_agent', 'Only agents transfer to a downline');
  const downline = await repo.selectMemberRef(db, merchant.id, ask.downlineId);
  if (!downline || downline.parent_agent_id !== memberId || downline.status !== 'active') {
    throw new AppError('not_downline', 'That account is not in your direct downline');
  }
  return move(db, merchant, memberId, downline, ask, 'transfer_downline');
}
