import type { FastifyBaseLogger } from 'fastify';
import { parseMinor } from '@portal/contracts';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import * as repo from './deposits.repo';
import { decideDeposit, type PaymentDeps } from './deposits.service';
import type { CallbackHeaders } from './gateways/payment-gateway';

/**
 * A gateway's callback: trusted only when its signature verifies over the exact raw body, then it must
 * name a pending deposit of this gateway with the very amount and currency asked. A paid callback
 * approves the deposit (money moves once: deposit:<id>); a failed one rejects it. A repeated callback
 * changes nothing and is answered as a success so the gateway stops retrying.
 */
export async function handleGatewayCallback(
  deps: PaymentDeps,
  merchant: MerchantConfig,
  gatewayCode: string,
  callback: { headers: CallbackHeaders; rawBody: string },
  log: FastifyBaseLogger,
): Promise<{ depositId: string; status: 'approved' | 'rejected'; replayed: boolean }> {
  const gateway = deps.gateways.get(gatewayCode);
  if (!gateway) throw new AppError('not_found', 'No such payment gateway');
  if (!gateway.verifyCallback(callback.headers, callback.rawBody)) {
    log.warn({ gateway: gatewayCode }, 'gateway callback with a bad signature refused');
    throw new AppError('invalid_signature', 'The callback signature is not valid');
  }
  const parsed = gateway.parseCallback(callback.rawBody);
  if (!parsed) throw new AppError('bad_request', 'The callback body is not readable');
  const deposit = await repo.selectDepositByGatewayReference(deps.db, merchant.id, parsed.reference);
  const channel = deposit ? await repo.selectChannel(deps.db, merchant.id, deposit.channel_id) : undefined;
  if (!deposit || channel?.gateway_code !== gateway.code) {
    throw new AppError('deposit_not_found', 'No deposit has this reference');
  }
  const paidMinor = parseMinor(parsed.amount, merchant.currency.decimals);
  if (paidMinor !== deposit.amount_minor || parsed.currency !== deposit.currency) {
    log.error(
      { depositId: deposit.id.toString(), asked: deposit.amount_minor.toString(), paid: parsed.amount },
      'gateway callback amount differs from the deposit: nothing credited, operators must check',
    );
    throw new AppError('amount_mismatch', 'The paid amount or currency differs from the deposit');
  }
  const decision =
    parsed.status === 'paid'
      ? ({ outcome: 'approve' } as const)
      : ({ outcome: 'reject', reason: 'payment failed at the gateway' } as const);
  const { replayed } = await decideDeposit(deps.db, merchant, deposit.id, decision, null);
  return {
    depositId: deposit.id.toString(),
    status: decision.outcome === 'approve' ? 'approved' : 'rejected',
    replayed,
  };
}
