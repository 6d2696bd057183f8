import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The day figures (member_round_days, migration 0040) that disagree with the rounds they follow, counted
 * again from game_rounds; for one member, or every member. A day whose rounds are all gone may keep a
 * row of zeros.
 */
export async function roundDayMismatches(db: Kysely<DB>, memberId?: number): Promise<unknown[]> {
  const member = memberId === undefined ? sql`true` : sql`coalesce(d.member_id, r.member_id) = ${memberId}`;
  const { rows } = await sql`
    select coalesce(d.member_id, r.member_id) as member_id, coalesce(d.day, r.day)::text as day,
      coalesce(d.vendor_code, r.vendor_code) as vendor_code, d.rounds, r.rounds as counted
    from member_round_days d
    full join (
      select r.member_id, merchant_day(r.started_at, m.gmt_offset_minutes) as day, r.vendor_code,
        count(*)::int as rounds, sum(r.bet_minor) as bet, sum(r.win_minor) as win, sum(r.refund_minor) as refund
      from game_rounds r join merchants m on m.id = r.merchant_id
      group by 1, 2, 3
    ) r on r.member_id = d.member_id and r.day = d.day and r.vendor_code = d.vendor_code
    where ${member} and (
      coalesce(d.rounds, -1) <> coalesce(r.rounds, 0)
      or coalesce(d.bet_minor, -1) <> coalesce(r.bet, 0)
      or coalesce(d.win_minor, -1) <> coalesce(r.win, 0)
      or coalesce(d.refund_minor, -1) <> coalesce(r.refund, 0))`.execute(db);
  return rows;
}
