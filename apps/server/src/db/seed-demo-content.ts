import type { Insertable, Kysely } from 'kysely';
import type { AnnouncementsTable, BannersTable, DB } from './schema';
import { sanitizeContentHtml } from '../modules/content';
import { demoMerchantCode } from './seed-demo';

/**
 * Demo content: notices for the marquee, bulletins, a popup, three promotions, banners for
 * every place (SVG artwork the project drew itself, in apps/web/public/content) and messages for player1.
 * Runs once: nothing is added when the demo merchant already has announcements, so operators' edits
 * survive restarts.
 */
export async function seedDemoContent(db: Kysely<DB>): Promise<void> {
  const merchant = await db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', demoMerchantCode)
    .executeTakeFirst();
  if (!merchant) return;
  const existing = await db
    .selectFrom('announcements')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('audience', '<>', 'agents')
    .limit(1)
    .executeTakeFirst();
  await seedAgentAnnouncements(db, merchant.id);
  if (existing) return;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('announcements').values(announcements(merchant.id)).execute();
    const promotions = await trx
      .selectFrom('announcements')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('content_type', '=', 'PR')
      .orderBy('id')
      .execute();
    await trx
      .insertInto('announcement_images')
      .values(
        promotions.map((row) => ({
          announcement_id: row.id,
          url: '/content/promotion-cover.svg',
          sequence: 0,
        })),
      )
      .execute();
    await trx
      .insertInto('banners')
      .values(banners(merchant.id, promotions[0]?.id.toString() ?? null))
      .execute();
    await seedMessages(trx, merchant.id);
  });
}

/** The agent centre's announcements (audience agents), once: databases seeded before they existed get them too. */
async function seedAgentAnnouncements(db: Kysely<DB>, merchantId: number): Promise<void> {
  const existing = await db
    .selectFrom('announcements')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('audience', '=', 'agents')
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('announcements')
    .values([
      announcement(
        merchantId,
        'B',
        'Welcome to the agent centre',
        '<p>Your team, its figures and its reports are in the agent menu. Invite players with your referral link or QR code in <b>Register centre</b>; figures follow every deposit and bet within seconds.</p>',
        { audience: 'agents' },
      ),
      announcement(
        merchantId,
        'B',
        'Monthly statements',
        '<p>Profit and loss statements can be exported as CSV from <i>P&amp;L statement</i> for any period of up to 92 days.</p>',
        { audience: 'agents', sequence: 1 },
      ),
    ])
    .execute();
}

function announcement(
  merchantId: number,
  type: AnnouncementsTable['content_type'],
  title: string,
  html: string,
  extra: Partial<Insertable<AnnouncementsTable>> = {},
): Insertable<AnnouncementsTable> {
  return {
    merchant_id: merchantId,
    content_type: type,
    title,
    content: sanitizeContentHtml(html),
    popup_execution: null,
    published: true,
    starts_at: null,
    ends_at: null,
    created_by: null,
    ...extra,
  };
}

function announcements(merchantId: number): Array<Insertable<AnnouncementsTable>> {
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);
  return [
    announcement(
      merchantId,
      'PL',
      'Deposits through the test gateway are credited within a minute.',
      '<p>Deposits through the test gateway are credited within a minute.</p>',
    ),
    announcement(
      merchantId,
      'PL',
      'New in-house games: slots, dice and mines, provably fair.',
      '<p>New in-house games are live.</p>',
    ),
    announcement(
      merchantId,
      'PL',
      'Scheduled maintenance of the SIM vendor on Sunday 02:00-03:00.',
      '<p>The SIM vendor is maintained on Sunday from 02:00 to 03:00.</p>',
    ),
    announcement(
      merchantId,
      'B',
      'How withdrawals are paid',
      '<p>Withdrawals are reviewed by our finance team and paid to your bank account, usually within <b>30 minutes</b>. Confirm receipt in <i>Withdraw</i> once the money arrives.</p>',
    ),
    announcement(
      merchantId,
      'B',
      'Keep your account safe',
      '<p>Turn on the authenticator in the <b>security centre</b> and never share your password or payment password.</p>',
    ),
    announcement(
      merchantId,
      'H',
      'Welcome to Demo Portal',
      '<h3>Welcome!</h3><p>Every game, one wallet. Read the <a href="/help#about-us">help centre</a> for a tour.</p>',
      { sequence: 0 },
    ),
    announcement(
      merchantId,
      'PU',
      'Weekend cashback is on',
      '<p>Play any slot this weekend and get <strong>10% back</strong> on Monday.</p><p><a href="/promotions">See all promotions</a></p>',
      // A draft: a popup on every first visit would sit over every other feature's demo and browser test;
      // `npm run operator -- publish-announcement <id>` shows it.
      { popup_execution: 'A', published: false },
    ),
    announcement(
      merchantId,
      'PR',
      'Welcome bonus: double your first deposit',
      '<p>Deposit at least <b>100.00</b> and we match it up to <b>1,000.00</b>.</p><ul><li>Once per member</li><li>Turnover 10x before withdrawal</li></ul>',
      { ends_at: inAMonth, sequence: 0 },
    ),
    announcement(
      merchantId,
      'PR',
      'Weekend cashback 10%',
      '<p>10% of your net slot losses from Friday to Sunday, credited on Monday.</p>',
      { sequence: 1 },
    ),
    announcement(
      merchantId,
      'PR',
      'Invite a friend',
      '<p>Share your referral code; when your friend deposits, you both receive <b>50.00</b>.</p>',
      { sequence: 2 },
    ),
  ];
}

function banners(merchantId: number, firstPromotionId: string | null): Array<Insertable<BannersTable>> {
  const base = { merchant_id: merchantId, published: true, starts_at: null, ends_at: null, created_by: null };
  const promotion = firstPromotionId
    ? ({ linkage_type: 'PROMOTION', linkage_value: firstPromotionId } as const)
    : ({ linkage_type: 'ROUTE', linkage_value: '/promotions' } as const);
  return [
    {
      ...base,
      group_name: 'w_home',
      url: '/content/banner-welcome.svg',
      title: 'Welcome bonus',
      sequence: 0,
      ...promotion,
    },
    {
      ...base,
      group_name: 'w_home',
      url: '/content/banner-weekend.svg',
      title: 'Weekend cashback',
      sequence: 1,
      linkage_type: 'ROUTE',
      linkage_value: '/promotions',
    },
    {
      ...base,
      group_name: 'w_home',
      url: '/content/banner-inhouse.svg',
      title: 'In-house games',
      sequence: 2,
      linkage_type: 'ROUTE',
      linkage_value: '/bgs',
    },
    {
      ...base,
      group_name: 'w_login',
      url: '/content/banner-login.svg',
      title: 'Members win more',
      sequence: 0,
      linkage_type: 'NONE',
      linkage_value: null,
    },
    {
      ...base,
      group_name: 'w_register',
      url: '/content/banner-login.svg',
      title: 'Members win more',
      sequence: 0,
      linkage_type: 'NONE',
      linkage_value: null,
    },
    {
      ...base,
      group_name: 'w_forget',
      url: '/content/banner-login.svg',
      title: 'Members win more',
      sequence: 0,
      linkage_type: 'NONE',
      linkage_value: null,
    },
    {
      ...base,
      group_name: 'w_game',
      url: '/content/banner-game.svg',
      title: 'Hot this week',
      sequence: 0,
      linkage_type: 'ROUTE',
      linkage_value: '/rng',
    },
    {
      ...base,
      group_name: 'w_leftmenu',
      url: '/content/banner-side.svg',
      title: 'Invite friends',
      sequence: 0,
      linkage_type: 'ROUTE',
      linkage_value: '/promotions',
    },
  ];
}

async function seedMessages(db: Kysely<DB>, merchantId: number) {
  const player = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', 'player1')
    .executeTakeFirst();
  const rows = await db
    .insertInto('messages')
    .values([
      {
        merchant_id: merchantId,
        audience: 'broadcast',
        title: 'Welcome to Demo Portal',
        content: sanitizeContentHtml('<p>Thanks for joining. Your messages from us arrive here.</p>'),
        published: true,
        starts_at: null,
        ends_at: null,
        created_by: null,
      },
      {
        merchant_id: merchantId,
        audience: 'members',
        title: 'Your VIP review',
        content: sanitizeContentHtml(
          '<p>Hi player1, your account is under review for <b>VIP level 1</b>. Keep playing to unlock faster withdrawals.</p>',
        ),
        published: true,
        starts_at: null,
        ends_at: null,
        created_by: null,
      },
      {
        merchant_id: merchantId,
        audience: 'members',
        title: 'Deposit received',
        content: sanitizeContentHtml('<p>Your last deposit was credited. Good luck!</p>'),
        published: true,
        starts_at: null,
        ends_at: null,
        created_by: null,
      },
    ])
    .returning(['id', 'audience'])
    .execute();
  if (!player) return;
  await db
    .insertInto('message_recipients')
    .values(
      rows
        .filter((row) => row.audience === 'members')
        .map((row) => ({ message_id: row.id, member_id: player.id })),
    )
    .execute();
}
