import {
  redeemStatuses,
  type OperatorPointsItem,
  type OperatorPointsRedeem,
  type PointsSettings,
} from '@portal/contracts';
import { jsonFile } from './content-commands';
import type { Send } from './cli-arguments';

/**
 * Points commands of `npm run operator` (decision 0033): the merchant's points settings and VIP tiers,
 * the mall's items and the redeem queue, through the same operator API as the console.
 */
export const pointsUsage = `
Points commands:
  points-settings                                earning rates, convert, auto-approval, VIP tiers
  set-points-settings --file <settings.json>     replaces them (the API's body: earningEnabled, rates, ...)
  points-items                                   the mall's items: kind, points per unit, amount, stock
  create-points-item --file <item.json>          a new item (kind, name, pointsPerUnit, amountPerUnit, ...)
  update-points-item <id> --file <item.json>     replaces an item
  points-redeems [--status in_process|rejected|approved] [--page N]
  approve-redeem <id> [--reason "<remark>"]      posts the points and pays the item (once)
  reject-redeem <id> --reason "<remark>"         gives the points back
`;

export const pointsCommands = new Set([
  'points-settings',
  'set-points-settings',
  'points-items',
  'create-points-item',
  'update-points-item',
  'points-redeems',
  'approve-redeem',
  'reject-redeem',
]);

export interface PointsArguments {
  command: string;
  id: string | undefined;
  file: string | undefined;
  status: string | undefined;
  page: string | undefined;
  reason: string | undefined;
}

/** The usage mistake of a points command (checked before logging in), or null. */
export function pointsUsageProblem(args: PointsArguments): string | null {
  if (
    ['set-points-settings', 'create-points-item', 'update-points-item'].includes(args.command) &&
    !args.file
  )
    return `${args.command} needs --file <json>`;
  if (['update-points-item', 'approve-redeem', 'reject-redeem'].includes(args.command)) {
    if (!args.id || !/^[1-9][0-9]{0,11}$/.test(args.id)) return `${args.command} needs a numeric <id>`;
  }
  if (args.command === 'reject-redeem' && !args.reason) return 'reject-redeem needs --reason "<remark>"';
  if (args.status !== undefined && !(redeemStatuses as readonly string[]).includes(args.status))
    return `--status must be one of ${redeemStatuses.join(', ')}`;
  if (args.page !== undefined && !/^[1-9][0-9]{0,3}$/.test(args.page))
    return '--page must be a positive number';
  return null;
}

function settingsLines(settings: PointsSettings): string[] {
  const rates = Object.entries(settings.rates)
    .map(([type, rate]) => `${type} ${rate}`)
    .join(', ');
  return [
    `earning ${settings.earningEnabled ? 'on' : 'off'}; points per 1.00: ${rates}`,
    `convert ${settings.convertEnabled ? 'on' : 'off'} at ${settings.convertRatio} points per 1.00; ` +
      `cash auto-approved up to ${settings.autoApproveMax ?? '(never)'}`,
    `VIP by ${settings.vipBasis}:`,
    ...settings.vipTiers.map(
      (tier) =>
        `  ${String(tier.level).padStart(2)}  ${tier.name.padEnd(12)} from ${tier.threshold}` +
        (tier.levelUpReward ? `  reward ${tier.levelUpReward}` : ''),
    ),
  ];
}

function itemLine(item: OperatorPointsItem): string {
  return [
    item.id.padStart(5),
    item.kind.padEnd(8),
    (item.enabled ? 'on' : 'off').padEnd(3),
    `${item.pointsPerUnit} pts`,
    item.amountPerUnit ? `pays ${item.amountPerUnit}` : 'goods',
    `units ${item.minUnits}-${item.maxUnits}`,
    `stock ${item.stock ?? 'unlimited'}`,
    `redeemed ${item.redeemed}`,
    item.name,
  ].join('  ');
}

function redeemLine(redeem: OperatorPointsRedeem): string {
  return [
    redeem.reference.padStart(6),
    redeem.status.padEnd(10),
    redeem.account.padEnd(16),
    `${redeem.units} x ${redeem.itemName}`,
    `${redeem.pointsRequirement} pts`,
    redeem.amountRequirement ? `pays ${redeem.amountRequirement}` : '',
    redeem.receivingAddress ? `to ${redeem.receivingAddress} (${redeem.phone ?? ''})` : '',
    redeem.appliedAt,
    redeem.remark,
  ]
    .filter((part) => part !== '')
    .join('  ');
}

/** Runs a points command; answers the API's value and the lines to print. */
export async function executePoints(
  send: Send,
  args: PointsArguments,
): Promise<{ value: unknown; lines: string[] }> {
  switch (args.command) {
    case 'points-settings': {
      const value = (await send('opsPointsSettings')) as PointsSettings;
      return { value, lines: settingsLines(value) };
    }
    case 'set-points-settings': {
      const value = (await send('opsPointsSettingsSet', {
        body: await jsonFile(args.file ?? ''),
      })) as PointsSettings;
      return { value, lines: settingsLines(value) };
    }
    case 'points-items': {
      const value = (await send('opsPointsItems')) as { items: OperatorPointsItem[] };
      return { value, lines: value.items.length > 0 ? value.items.map(itemLine) : ['(none)'] };
    }
    case 'create-points-item':
    case 'update-points-item': {
      const body = await jsonFile(args.file ?? '');
      const value = (
        args.command === 'create-points-item'
          ? await send('opsPointsItemCreate', { body })
          : await send('opsPointsItemUpdate', { id: args.id, body })
      ) as { item: OperatorPointsItem };
      return { value, lines: [itemLine(value.item)] };
    }
    case 'points-redeems': {
      const query: Record<string, string> = {};
      if (args.status) query.status = args.status;
      if (args.page) query.page = args.page;
      const value = (await send('opsPointsRedeems', { query })) as {
        items: OperatorPointsRedeem[];
        total: number;
      };
      const lines = value.items.map(redeemLine);
      return { value, lines: lines.length > 0 ? [...lines, `${value.total} in all`] : ['(none)'] };
    }
    default: {
      const decision = args.command === 'approve-redeem' ? 'approve' : 'reject';
      const value = (await send('opsPointsRedeemDecide', {
        id: args.id,
        body: { decision, remark: args.reason ?? '' },
      })) as { redeem: OperatorPointsRedeem; replayed: boolean };
      return { value, lines: [redeemLine(value.redeem) + (value.replayed ? '  (already decided)' : '')] };
    }
  }
}
