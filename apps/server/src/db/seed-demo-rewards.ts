import type { Insertable, Kysely } from 'kysely';
import { activityRules, type ActivityRules } from '@portal/contracts';
import type { DB, RewardActivitiesTable } from './schema';
import { demoMerchantCode } from './seed-demo';

/**
 * The demo merchant's activities (decision 0030), once: the welcome bonus and the weekend cashback on
 * their promotions, a daily sign-in, a Zalo or WhatsApp contact bonus reviewed by an operator, two
 * missions, a weekly leaderboard and the referral reward on its promotion (50.00 each, decision 0032).
 * The daily sign-in asks for comments (spec section 5), so the demo shows them.
 */
export async function seedDemoRewards(db: Kysely<DB>): Promise<void> {
  const merchant = await db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', demoMerchantCode)
    .executeTakeFirst();
  if (!merchant) return;
  const existing = await db
    .selectFrom('reward_activities')
    .select(['id', 'kind', 'title', 'allow_comments'])
    .where('merchant_id', '=', merchant.id)
    .execute();
  const promotions = await db
    .selectFrom('announcements')
    .select(['id', 'title'])
    .where('merchant_id', '=', merchant.id)
    .where('content_type', '=', 'PR')
    .execute();
  const promotion = (prefix: string) => promotions.find((row) => row.title.startsWith(prefix))?.id ?? null;
  const startsAt = new Date(Date.now() - 24 * 3_600_000);
  const activity = (
    title: string,
    rules: ActivityRules,
    options: Partial<Insertable<RewardActivitiesTable>> = {},
  ): Insertable<RewardActivitiesTable> => ({
    merchant_id: merchant.id,
    announcement_id: null,
    kind: rules.kind,
    title,
    rules: JSON.stringify(activityRules.parse(rules)),
    starts_at: startsAt,
    ends_at: null,
    new_players_only: false,
    once: 'player',
    requires_join: false,
    issue: 'auto',
    wagering_multiplier: 0,
    wagering_weights: JSON.stringify({}) as unknown as Record<string, number>,
    withdraw_rule: 'refuse',
    closed_at: null,
    created_by: null,
    ...options,
  });
  // The referral activity came later (decision 0032): a demo seeded before it gains it alone.
  if (!existing.some((row) => row.kind === 'referral')) {
    await db
      .insertInto('reward_activities')
      .values(
        activity(
          'Invite a friend',
          { kind: 'referral', minDeposit: '100.00', referrerReward: '50.00', friendReward: '50.00' },
          { announcement_id: promotion('Invite a friend'), wagering_multiplier: 1, withdraw_rule: 'forfeit' },
        ),
      )
      .execute();
  }
  // Comments came later too: a demo seeded before them opens them on its daily sign-in (only while no
  // activity takes comments, so an operator's later choice stands).
  const signIn = existing.find((row) => row.kind === 'sign_in' && row.title === 'Daily sign-in');
  if (signIn && !existing.some((row) => row.allow_comments)) {
    await db
      .updateTable('reward_activities')
      .set({ allow_comments: true })
      .where('id', '=', signIn.id)
      .execute();
  }
  if (existing.length > 0) return;
  await db
    .insertInto('reward_activities')
    .values([
      activity(
        'Welcome bonus: double your first deposit',
        { kind: 'first_deposit', percent: '100.00', cap: '1000.00', minDeposit: '100.00' },
        {
          announcement_id: promotion('Welcome bonus'),
          new_players_only: false,
          wagering_multiplier: 10,
          // Live casino counts a tenth towards the wagering, lotteries half.
          wagering_weights: JSON.stringify({ LIVE: 10, LOTT: 50, ELOTT: 50 }) as unknown as Record<
            string,
            number
          >,
          withdraw_rule: 'refuse',
        },
      ),
      activity(
        'Weekend cashback 10%',
        { kind: 'cashback', basis: 'net_loss', percent: '10.00', cap: '5000.00', period: 'week' },
        {
          announcement_id: promotion('Weekend cashback'),
          once: 'period',
          requires_join: true,
          wagering_multiplier: 1,
          withdraw_rule: 'forfeit',
        },
      ),
      activity(
        'Daily sign-in',
        { kind: 'sign_in', amounts: ['1.00', '2.00', '3.00', '5.00', '8.00', '13.00', '20.00'] },
        { once: 'period', wagering_multiplier: 1, withdraw_rule: 'forfeit', allow_comments: true },
      ),
      activity(
        'Add us on Zalo or WhatsApp',
        { kind: 'social_contact', amount: '50.00' },
        { issue: 'review', wagering_multiplier: 3, withdraw_rule: 'forfeit' },
      ),
      activity(
        'Spin 500 on slots today',
        {
          kind: 'mission',
          period: 'day',
          metric: 'valid_bet',
          gameType: 'RNG',
          target: '500.00',
          reward: '5.00',
        },
        { once: 'period', wagering_multiplier: 1, withdraw_rule: 'forfeit' },
      ),
      activity(
        'Deposit twice this week',
        {
          kind: 'mission',
          period: 'week',
          metric: 'deposit_count',
          gameType: null,
          target: '2',
          reward: '20.00',
        },
        { once: 'period', wagering_multiplier: 1, withdraw_rule: 'forfeit' },
      ),
      activity(
        'Weekly top players',
        {
          kind: 'leaderboard',
          period: 'week',
          metric: 'valid_bet',
          prizes: ['1000.00', '500.00', '300.00', '100.00', '100.00'],
        },
        { once: 'period', wagering_multiplier: 1, withdraw_rule: 'forfeit' },
      ),
    ])
    .execute();
}
