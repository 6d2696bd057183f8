import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { openGameSession } from '../modules/seamless/seamless.service';
import { playerAccount, systemAccount, transfer } from '../modules/wallet/ledger.service';

export interface SeamlessPlayer {
  id: number;
  sessionToken: string;
  fundedMinor: bigint;
}

/**
 * Many players of the demo merchant at once, each funded by a real deposit through the ledger and holding
 * a live game session with `vendorCode`: the starting point of load and crash tests. One password hash
 * is shared (these accounts never log in), so a thousand players take a second, not thirty.
 */
export async function seedSeamlessPlayers(
  db: Kysely<DB>,
  options: { count: number; fundsMinor: bigint; vendorCode: string; prefix: string },
): Promise<{ merchantId: number; currency: string; players: SeamlessPlayer[] }> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['id', 'currency_code'])
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  const hash = await hashPassword(`${options.prefix}-not-for-login`);
  const rows = await sql<{ id: number }>`
    insert into members (merchant_id, username, username_key, password_hash, type, profile)
    select ${merchant.id}, ${options.prefix} || g, lower(${options.prefix}) || g, ${hash}, 0, '{}'
    from generate_series(1, ${options.count}::integer) g
    returning id`.execute(db);
  const players: SeamlessPlayer[] = [];
  for (const { id } of rows.rows) {
    await transfer(db, {
      debit: systemAccount(merchant.id, merchant.currency_code, 'deposit_clearing', id),
      credit: playerAccount(merchant.id, merchant.currency_code, id),
      amountMinor: options.fundsMinor,
      kind: 'deposit',
      idempotencyKey: `${options.prefix}-fund-${id}`,
    });
    const sessionToken = await openGameSession(db, {
      merchantId: merchant.id,
      memberId: id,
      vendorCode: options.vendorCode,
    });
    players.push({ id, sessionToken, fundedMinor: options.fundsMinor });
  }
  return { merchantId: merchant.id, currency: merchant.currency_code, players };
}

/** Each player's main-wallet balance, by member id (players whose wallet was never used read 0). */
export async function mainBalances(db: Kysely<DB>, players: SeamlessPlayer[]): Promise<Map<number, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['member_id', 'balance_minor'])
    .where('kind', '=', 'player_main')
    .where(
      'member_id',
      'in',
      players.map((player) => player.id),
    )
    .execute();
  const balances = new Map(players.map((player) => [player.id, 0n]));
  for (const row of rows) balances.set(row.member_id!, row.balance_minor);
  return balances;
}
