import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { playerAccount, systemAccount, transferMany } from '../wallet';

/**
 * VIP levels (decision 0033): a member's level is the highest of the merchant's tiers whose threshold the
 * member's lifetime figure (valid bet or points earned, as the points job counted them) reaches. Levels
 * only rise; each level reached pays its level-up reward once (key `vip-level:<member>:<level>`, and a
 * `points_vip_rewards` row), into the main wallet from the merchant's bonus account.
 */
export async function raiseVipLevels(trx: Transaction<DB>, memberIds: number[] | 'all', merchantId?: number) {
  if (memberIds !== 'all' && memberIds.length === 0) return;
  const { rows } = await sql<{
    member_id: number;
    merchant_id: number;
    from_level: number;
    to_level: number;
  }>`
    with figures as (
      select p.member_id, p.merchant_id, m.vip_level,
        case when s.vip_basis = 'points' then p.earned_minor else p.valid_bet_minor end as figure
      from points_members p
      join members m on m.id = p.member_id
      join points_settings s on s.merchant_id = p.merchant_id
      where ${memberIds === 'all' ? sql`p.merchant_id = ${merchantId ?? -1}` : sql`p.member_id = any(${memberIds}::int[])`}
    ),
    reached as (
      select f.member_id, f.merchant_id, f.vip_level as from_level,
        (select max(t.level) from points_vip_tiers t
          where t.merchant_id = f.merchant_id and t.threshold_minor <= f.figure) as to_level
      from figures f
    )
    update members m set vip_level = r.to_level
    from reached r
    where m.id = r.member_id and r.to_level > r.from_level
    returning m.id as member_id, r.merchant_id, r.from_level, r.to_level`.execute(trx);
  if (rows.length === 0) return;
  const { rows: rewards } = await sql<{
    member_id: number;
    merchant_id: number;
    level: number;
    amount: string;
    currency: string;
  }>`
    insert into points_vip_rewards (member_id, level, merchant_id, amount_minor)
    select r.member_id, t.level, r.merchant_id, t.level_up_reward_minor
    from unnest(${rows.map((row) => row.member_id)}::int[], ${rows.map((row) => row.merchant_id)}::int[],
      ${rows.map((row) => row.from_level)}::int[], ${rows.map((row) => row.to_level)}::int[])
      as r (member_id, merchant_id, from_level, to_level)
    join points_vip_tiers t on t.merchant_id = r.merchant_id and t.level > r.from_level and t.level <= r.to_level
      and t.level_up_reward_minor is not null
    order by r.member_id, t.level
    on conflict do nothing
    returning member_id, merchant_id, level, amount_minor::text as amount,
      (select currency_code from merchants x where x.id = points_vip_rewards.merchant_id) as currency`.execute(
    trx,
  );
  if (rewards.length === 0) return;
  const paid = await transferMany(
    trx,
    rewards.map((reward) => ({
      debit: systemAccount(reward.merchant_id, reward.currency, 'bonus', reward.member_id),
      credit: playerAccount(reward.merchant_id, reward.currency, reward.member_id),
      amountMinor: BigInt(reward.amount),
      kind: 'bonus',
      idempotencyKey: `vip-level:${reward.member_id}:${reward.level}`,
    })),
  );
  await sql`update points_vip_rewards v set transfer_id = p.transfer_id
    from unnest(${rewards.map((reward) => reward.member_id)}::int[], ${rewards.map((reward) => reward.level)}::int[],
      ${paid.map((result) => result.transferId.toString())}::bigint[]) as p (member_id, level, transfer_id)
    where v.member_id = p.member_id and v.level = p.level`.execute(trx);
}
