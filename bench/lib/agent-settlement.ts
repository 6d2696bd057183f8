import { openDatabase } from '../../apps/server/src/db/database';
import type { ContractKindColumn } from '../../apps/server/src/db/schema';
import {
  payDueSalaries,
  periodOfKind,
  settlePeriod,
  type Policy,
  type SettlementMerchant,
} from '../../apps/server/src/modules/agents/settlement.service';
import { median } from './rounds';
import type { BenchMerchant } from './agent-seed';

/**
 * The settlement part of bench/agents.bench.ts: every agent of the seeded tree gets an accepted contract
 * of every kind from its upline (set-based, rates falling with the depth, two tiers), then whole days
 * (daily salary and a daily dividend, and the payday that pays the salaries) and single 5-minute windows
 * of the seeded 30 days are settled with the real settlePeriod, in interleaved rounds with a baseline:
 * the settlement of an empty window (the fixed cost of claiming a period and finding its payees).
 */

const topRates: Record<ContractKindColumn, number> = {
  dailySalary: 100,
  hourlySalary: 80,
  realtimeSalary: 50,
  dividend: 3_500,
};

function policyOf(merchant: BenchMerchant, kind: ContractKindColumn): Policy {
  return {
    merchant_id: merchant.id,
    kind,
    enabled_at: merchant.windowStart,
    max_rate_bp: topRates[kind],
    dividend_period: 'day',
    deduct_bonuses: true,
    admin_fee_bp: 500,
  };
}

/** An accepted contract of each kind for every agent below the top, from its upline. */
export async function seedContracts(databaseUrl: string, merchant: BenchMerchant): Promise<number> {
  const database = openDatabase({ url: databaseUrl, poolMax: 1, statementTimeoutMs: 600_000 });
  try {
    const { rows } = await database.pool.query<{ count: string }>(
      `with kinds (kind, period, top_bp, step_bp) as (
         values ('dailySalary', 'day', 100, 10), ('hourlySalary', 'hour', 80, 8),
           ('realtimeSalary', 'window', 50, 5), ('dividend', 'day', 3500, 300)
       ),
       agents as (
         select m.id, m.parent_agent_id, t.depth from members m
         join agent_tree t on t.descendant_id = m.id
         join members top on top.id = t.ancestor_id and top.type = 1
         where m.merchant_id = $1 and m.type in (2, 41, 42)
       ),
       inserted as (
         insert into agent_contracts (merchant_id, kind, upline_id, downline_id, period, tiers, max_rate_bp,
           proposed_by, state, created_at, decided_at)
         select $1, k.kind, a.parent_agent_id, a.id, k.period,
           jsonb_build_array(
             jsonb_build_object('minValidBetMinor', '0', 'minActiveMembers', 0,
               'rateBp', k.top_bp - k.step_bp * a.depth - k.step_bp / 2),
             jsonb_build_object('minValidBetMinor', '100000', 'minActiveMembers', 3,
               'rateBp', k.top_bp - k.step_bp * a.depth)),
           k.top_bp - k.step_bp * a.depth, 'upline', 'accepted', $2, $2
         from agents a cross join kinds k
         returning 1
       )
       select count(*)::text as count from inserted`,
      [merchant.id, new Date(merchant.windowStart.getTime() - 86_400_000)],
    );
    await database.pool.query('analyze agent_contracts');
    return Number(rows[0]!.count);
  } finally {
    await database.close();
  }
}

export interface SettlementFigures {
  daySeconds: number;
  windowSeconds: number;
  baselineSeconds: number;
}

const spread = (values: number[]) => `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}`;

/**
 * Rounds of: an empty window (baseline), a whole day (daily salary + daily dividend + its payday), a busy
 * 5-minute window; each round on a day of its own, oldest first, so each period is settled once.
 */
export async function measureSettlement(
  databaseUrl: string,
  merchant: BenchMerchant,
  rounds: number,
): Promise<SettlementFigures> {
  const database = openDatabase({
    url: databaseUrl,
    poolMax: 2,
    statementTimeoutMs: 600_000,
    applicationName: 'bench-settlement',
  });
  const settlementMerchant: SettlementMerchant = {
    id: merchant.id,
    currency: merchant.currency,
    gmtOffsetMinutes: merchant.gmtOffsetMinutes,
  };
  const dayMs = 86_400_000;
  const timed = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return (performance.now() - started) / 1000;
  };
  const days: number[] = [];
  const windows: number[] = [];
  const baselines: number[] = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      // Whole days inside the seeded 30 (the first one is partial), spread out, oldest first.
      const dayStart = periodOfKind(
        policyOf(merchant, 'dailySalary'),
        settlementMerchant,
        merchant.windowStart.getTime() + (2 + round * 3) * dayMs + 3_600_000,
      );
      const empty = periodOfKind(
        policyOf(merchant, 'realtimeSalary'),
        settlementMerchant,
        merchant.windowStart.getTime() - (round + 2) * dayMs,
      );
      const window = periodOfKind(
        policyOf(merchant, 'realtimeSalary'),
        settlementMerchant,
        dayStart.start.getTime() + 14 * 3_600_000 + round * 300_000,
      );
      const baseline = await timed(() =>
        settlePeriod(database.db, settlementMerchant, policyOf(merchant, 'realtimeSalary'), empty),
      );
      let paid = 0;
      const day = await timed(async () => {
        await settlePeriod(database.db, settlementMerchant, policyOf(merchant, 'dailySalary'), dayStart);
        await settlePeriod(database.db, settlementMerchant, policyOf(merchant, 'dividend'), dayStart);
        // The payday: the day's scheduled salaries are paid (one keyed transfer each).
        paid = await payDueSalaries(
          database.db,
          settlementMerchant,
          dayStart.end.getTime() + 2 * dayMs,
          100_000,
        );
      });
      const windowSeconds = await timed(() =>
        settlePeriod(database.db, settlementMerchant, policyOf(merchant, 'realtimeSalary'), window),
      );
      const { rows } = await database.pool.query<{
        kind: string;
        records: string;
        paid: string;
        amount: string;
        figure: string;
      }>(
        `select kind, count(*)::text as records, count(*) filter (where status = 'paid')::text as paid,
           sum(amount_minor)::text as amount, max(figure_minor)::text as figure
         from agent_payouts where period_key = any($1) group by kind order by kind`,
        [[dayStart.key, window.key]],
      );
      console.log(
        `settlement round ${round + 1}: empty window ${baseline.toFixed(2)} s; day ${dayStart.key} ${day.toFixed(2)} s ` +
          `(${paid} salaries paid on the payday); window ${window.key} ${windowSeconds.toFixed(2)} s; records ` +
          rows
            .map(
              (row) =>
                `${row.kind} ${row.records} (${row.paid} paid, ${row.amount} minor in all, top figure ${row.figure})`,
            )
            .join(', '),
      );
      baselines.push(baseline);
      days.push(day);
      windows.push(windowSeconds);
    }
    console.log(
      `settlement over ${rounds} rounds: day median ${median(days).toFixed(2)} s (${spread(days)}), ` +
        `window median ${median(windows).toFixed(2)} s (${spread(windows)}), ` +
        `empty window (baseline) median ${median(baselines).toFixed(3)} s (${spread(baselines)}); ` +
        `day / baseline ${(median(days) / median(baselines)).toFixed(0)}, window / baseline ${(median(windows) / median(baselines)).toFixed(1)}`,
    );
    return { daySeconds: median(days), windowSeconds: median(windows), baselineSeconds: median(baselines) };
  } finally {
    await database.close();
  }
}
