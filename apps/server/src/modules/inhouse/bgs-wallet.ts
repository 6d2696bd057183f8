import type { FastifyInstance } from 'fastify';
import { bgsVendorCode, parseMinor } from '@portal/contracts';
import { AppError, catalogued } from '../../http/errors';
import { signedHeaders, type VendorDirectory } from '../seamless';

/** The player a BGS game session belongs to, as the seamless API names them. */
export interface WalletPlayer {
  merchantCode: string;
  memberId: number;
  currency: string;
  currencyDecimals: number;
  sessionToken: string;
}

export type WalletReply =
  | { kind: 'ok'; balanceMinor: bigint }
  /** The wallet refused the call (4xx with a code): nothing moved. */
  | { kind: 'refused'; status: number; code: string; message: string };

/** The player as the seamless API names them, without a session (wins and rollbacks need none). */
export type WalletPlayerRef = Omit<WalletPlayer, 'sessionToken'>;

export interface BgsWallet {
  balance(player: WalletPlayer): Promise<bigint>;
  bet(player: WalletPlayer, call: MoneyCall): Promise<WalletReply>;
  win(player: WalletPlayerRef, call: MoneyCall): Promise<WalletReply>;
  rollback(player: WalletPlayerRef, call: RollbackCall): Promise<WalletReply>;
}

export interface RollbackCall {
  transactionId: string;
  betTransactionId: string;
  roundId: string;
  gameCode: string;
  amount: string;
}

export interface MoneyCall {
  transactionId: string;
  roundId: string;
  gameCode: string;
  amount: string;
  roundClosed: boolean;
}

interface Envelope {
  success?: boolean;
  code?: string;
  message?: string;
  value?: { balance?: string } | null;
}

/**
 * BGS's side of the seamless wallet, exactly as an outside vendor speaks it: every call is a signed
 * request (vendor BGS, its secret from the vendors table) to `/vendor/v1/seamless/...`, sent in process
 * through `app.inject`, so it passes the same signature check, validation, idempotency and ledger rules.
 */
export function injectedBgsWallet(app: FastifyInstance, vendors: VendorDirectory): BgsWallet {
  async function post(
    call: 'balance' | 'bet' | 'win' | 'rollback',
    payload: object,
    decimals: number,
  ): Promise<WalletReply> {
    const vendor = await vendors.find(bgsVendorCode);
    if (!vendor) throw new AppError('wallet_unavailable', 'The in-house vendor is not configured');
    const body = JSON.stringify(payload);
    const response = await app.inject({
      method: 'POST',
      url: `/vendor/v1/seamless/${call}`,
      headers: signedHeaders(vendor.code, vendor.secret, body),
      payload: body,
    });
    let envelope: Envelope = {};
    try {
      envelope = response.json<Envelope>();
    } catch {
      // An unreadable answer is an unknown outcome, handled below like a 5xx.
    }
    const balance =
      envelope.value?.balance === undefined ? null : parseMinor(envelope.value.balance, decimals);
    if (response.statusCode === 200 && envelope.success === true && balance !== null) {
      return { kind: 'ok', balanceMinor: balance };
    }
    // 401 means our own signature was refused and 5xx an unknown outcome: neither is the player's refusal,
    // so the round stays as it is and a retry of the same request finishes it.
    const refusal = response.statusCode >= 400 && response.statusCode < 500 && response.statusCode !== 401;
    if (refusal && envelope.code) {
      return {
        kind: 'refused',
        status: response.statusCode,
        code: envelope.code,
        message: envelope.message ?? '',
      };
    }
    app.log.error({ status: response.statusCode, code: envelope.code, call }, 'BGS seamless call failed');
    throw new AppError('wallet_unavailable', 'The wallet did not answer; retry the same request');
  }

  const playerFields = (player: WalletPlayerRef) => ({
    merchantCode: player.merchantCode,
    playerId: String(player.memberId),
    currency: player.currency,
  });

  return {
    async balance(player) {
      const reply = await post('balance', playerFields(player), player.currencyDecimals);
      if (reply.kind !== 'ok') {
        throw new AppError(catalogued(reply.code, 'bet_refused'), reply.message, null, reply.status);
      }
      return reply.balanceMinor;
    },
    bet: (player, call) =>
      post(
        'bet',
        { ...playerFields(player), sessionToken: player.sessionToken, ...call },
        player.currencyDecimals,
      ),
    win: (player, call) => post('win', { ...playerFields(player), ...call }, player.currencyDecimals),
    rollback: (player, call) =>
      post('rollback', { ...playerFields(player), ...call }, player.currencyDecimals),
  };
}
