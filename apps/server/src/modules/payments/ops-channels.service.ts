import type { Kysely } from 'kysely';
import {
  formatMinor,
  type OperatorPaymentChannel,
  type OperatorPaymentChannelList,
  type PaymentChannelPayload,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { GatewayRegistry } from './gateways/payment-gateway';
import { limitRange } from './money';
import * as repo from './ops-channels.repo';

/**
 * Deposit channels as the console manages them (issue 16): what the player's deposit page lists
 * (enabled ones, in `sort` order, gateway channels only when this server runs their gateway). Channels
 * are never deleted (deposits point at them); a channel players should not see is disabled.
 */
export interface ChannelDeps {
  db: Kysely<DB>;
  gateways: GatewayRegistry;
}

/** The merchant's currency as the limits are written in it. */
interface Currency {
  decimals: number;
}

function present(row: repo.OpsChannelRow, deps: ChannelDeps, decimals: number): OperatorPaymentChannel {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    minAmount: formatMinor(row.min_amount_minor, decimals),
    maxAmount: formatMinor(row.max_amount_minor, decimals),
    enabled: row.enabled,
    sort: row.sort,
    bankName: row.bank_name,
    accountNumber: row.account_number,
    accountHolder: row.account_holder,
    gatewayCode: row.gateway_code,
    usable: row.type === 'manual_bank' || deps.gateways.has(row.gateway_code ?? ''),
  };
}

export async function listChannels(
  deps: ChannelDeps,
  merchantId: number,
  currency: Currency,
): Promise<OperatorPaymentChannelList> {
  const rows = await repo.selectChannels(deps.db, merchantId);
  return {
    channels: rows.map((row) => present(row, deps, currency.decimals)),
    gateways: [...deps.gateways.keys()].sort(),
  };
}

/** The payload as the table's columns, after the checks the schema cannot make. */
async function columnsOf(
  deps: ChannelDeps,
  merchantId: number,
  payload: PaymentChannelPayload,
  currency: Currency,
  exceptId: number | null,
) {
  const [min, max] = limitRange(payload.minAmount, payload.maxAmount, currency.decimals);
  if (payload.type === 'gateway' && !deps.gateways.has(payload.gatewayCode)) {
    throw new AppError('gateway_unknown', `This server runs no gateway ${payload.gatewayCode}`);
  }
  if (await repo.nameTaken(deps.db, merchantId, payload.name, exceptId)) {
    throw new AppError('channel_name_taken', 'Another channel has this name');
  }
  const manual = payload.type === 'manual_bank' ? payload : null;
  return {
    type: payload.type,
    name: payload.name,
    min_amount_minor: min,
    max_amount_minor: max,
    enabled: payload.enabled,
    bank_name: manual?.bankName ?? null,
    account_number: manual?.accountNumber ?? null,
    account_holder: manual?.accountHolder ?? null,
    gateway_code: payload.type === 'gateway' ? payload.gatewayCode : null,
  };
}

async function channelOf(deps: ChannelDeps, merchantId: number, id: number, currency: Currency) {
  const row = await repo.selectChannel(deps.db, merchantId, id);
  if (!row) throw new AppError('channel_not_found', 'This payment channel does not exist');
  return present(row, deps, currency.decimals);
}

/** Adds a channel, last in the players' order. */
export async function createChannel(
  deps: ChannelDeps,
  merchantId: number,
  currency: Currency,
  payload: PaymentChannelPayload,
): Promise<OperatorPaymentChannel> {
  const values = await columnsOf(deps, merchantId, payload, currency, null);
  const id = await repo.insertChannel(deps.db, { merchant_id: merchantId, ...values });
  return channelOf(deps, merchantId, id, currency);
}

/** Replaces a channel's fields; its type stays what it was created as (deposits were made through it). */
export async function updateChannel(
  deps: ChannelDeps,
  merchantId: number,
  currency: Currency,
  id: number,
  payload: PaymentChannelPayload,
): Promise<OperatorPaymentChannel> {
  const current = await repo.selectChannel(deps.db, merchantId, id);
  if (!current) throw new AppError('channel_not_found', 'This payment channel does not exist');
  if (current.type !== payload.type) {
    throw new AppError('channel_type_fixed', "A channel's type cannot change; add a new channel");
  }
  const values = await columnsOf(deps, merchantId, payload, currency, id);
  await repo.updateChannel(deps.db, merchantId, id, values);
  return channelOf(deps, merchantId, id, currency);
}

/** Sets the players' order: `ids` must name every channel of the merchant exactly once. */
export async function orderChannels(
  deps: ChannelDeps,
  merchantId: number,
  currency: Currency,
  ids: readonly number[],
): Promise<OperatorPaymentChannelList> {
  await deps.db.transaction().execute(async (trx) => {
    const existing = await repo.selectChannels(trx, merchantId);
    const known = new Set(existing.map((row) => row.id));
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw new AppError('channel_order_mismatch', 'The order must name every channel once');
    }
    await repo.updateOrder(trx, merchantId, ids);
  });
  return listChannels(deps, merchantId, currency);
}
