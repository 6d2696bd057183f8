import type { Kysely } from 'kysely';
import type { RgSettings } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import { personKeysOf, presentLimits, presentSessionLimit } from './limits.service';
import * as repo from './responsible-gaming.repo';
import { events } from './responsible-gaming.service';

/**
 * The operators' view (issue 17): read-only. An operator sees a player's limits, breaks, exclusions and
 * audit and the merchant's report, and sets the two merchant switches; nothing here lifts a block.
 */
export async function playerView(db: Kysely<DB>, merchant: MerchantConfig, username: string, now: Date) {
  const member = username === '' ? undefined : await repo.selectMemberByUsername(db, merchant.id, username);
  if (!member) throw new AppError('not_found', 'No such player');
  const [rows, profile, identity, blocks, audit] = await Promise.all([
    repo.selectLimits(db, member.id),
    repo.selectProfile(db, member.id),
    repo.selectIdentity(db, member.id),
    repo.selectBlocks(db, member.id, 50),
    events(db, member.id, 100),
  ]);
  const live = await repo.selectLiveBlock(db, member.id, identity ? personKeysOf(identity) : [], now);
  const present = (row: repo.BlockRow) => ({
    kind: row.kind,
    startedAt: row.started_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    allMerchants: row.all_merchants,
  });
  return {
    memberId: member.id,
    username: member.username,
    // The operator's view shows the limits, not the player's running figures.
    limits: presentLimits(merchant, rows, () => 0n),
    sessionLimit: presentSessionLimit(rows),
    realityCheckMinutes: profile?.reality_check_minutes ?? null,
    block: live ? present(live) : null,
    blocks: blocks.map(present),
    events: audit,
  };
}

export async function report(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  query: { page: number; pageSize: number },
  now: Date,
) {
  const { rows, counts } = await repo.selectReport(db, merchant.id, query.page, query.pageSize, now);
  const items = [];
  for (const row of rows) {
    const live = await repo.selectLiveBlock(db, row.member_id, [], now);
    items.push({
      memberId: row.member_id,
      username: row.username,
      limitCount: Number(row.limit_count),
      block: live
        ? {
            kind: live.kind,
            startedAt: live.started_at.toISOString(),
            endsAt: live.ends_at?.toISOString() ?? null,
            allMerchants: live.all_merchants,
          }
        : null,
      lastChangeAt: row.last_change_at.toISOString(),
    });
  }
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    total: Number(rows[0]?.total ?? 0),
    blockedNow: Number(counts.blocked_now),
    withLimits: Number(counts.with_limits),
  };
}

export async function settings(db: Kysely<DB>, merchant: MerchantConfig): Promise<RgSettings> {
  const row = await repo.selectSettings(db, merchant.id);
  return {
    allowPermanentExclusion: row?.allow_permanent_exclusion ?? false,
    shareExclusions: row?.share_exclusions ?? false,
  };
}

export async function setSettings(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  value: RgSettings,
): Promise<RgSettings> {
  await repo.saveSettings(db, merchant.id, {
    allow_permanent_exclusion: value.allowPermanentExclusion,
    share_exclusions: value.shareExclusions,
  });
  return settings(db, merchant);
}
