import type { OperatorRaffle, OperatorRedEnvelope } from '@portal/contracts';
import { jsonFile } from './content-commands';
import type { Send } from './cli-arguments';

/**
 * Red envelope and raffle commands of `npm run operator` (decision 0031, docs/rewards.md), through the
 * same operator API as the console will use.
 */
export const rewardDrawUsage = `
Red envelope and raffle commands:
  red-envelopes                                  every red envelope: state, shares claimed, paid, commitment
  create-red-envelope --file <envelope.json>     a new red envelope (title, pool, shares, startsAt, endsAt, ...)
  raffles                                        every raffle: state, draw time, prizes, winners
  create-raffle --file <raffle.json>             a new raffle (title, window, drawAt, tickets, prizes, ...)
`;

export const rewardDrawCommands = new Set([
  'red-envelopes',
  'create-red-envelope',
  'raffles',
  'create-raffle',
]);

/** The usage mistake of a red envelope or raffle command (checked before logging in), or null. */
export function rewardDrawUsageProblem(command: string, file: string | undefined): string | null {
  if (command.startsWith('create-') && !file) return `${command} needs --file <${command.slice(7)}.json>`;
  return null;
}

function envelopeLine(envelope: OperatorRedEnvelope): string {
  return [
    envelope.id.padStart(5),
    envelope.state.padEnd(7),
    `${envelope.startsAt.slice(0, 16)} .. ${envelope.endsAt.slice(0, 16)}`,
    `pool ${envelope.pool}`,
    `claimed ${envelope.claimed}/${envelope.shares}`,
    `paid ${envelope.paid}`,
    `sha256 ${envelope.seedHash.slice(0, 16)}...`,
    envelope.title,
  ].join('  ');
}

function raffleLine(raffle: OperatorRaffle): string {
  const winners = raffle.winners.map((winner) => `${winner.rank}:${winner.player}`).join(',');
  return [
    raffle.id.padStart(5),
    raffle.state.padEnd(7),
    `draw ${raffle.drawAt.slice(0, 16)}`,
    `prizes ${raffle.prizes.join('/')}`,
    raffle.entrants === null ? 'not drawn' : `entrants ${raffle.entrants} winners ${winners || '-'}`,
    `sha256 ${raffle.seedHash.slice(0, 16)}...`,
    raffle.title,
  ].join('  ');
}

/** Runs a red envelope or raffle command; answers the API's value and the lines to print. */
export async function executeRewardDraw(
  send: Send,
  command: string,
  file: string | undefined,
): Promise<{ value: unknown; lines: string[] }> {
  switch (command) {
    case 'red-envelopes': {
      const value = (await send('opsRedEnvelopes')) as { envelopes: OperatorRedEnvelope[] };
      const lines = value.envelopes.map(envelopeLine);
      return { value, lines: lines.length > 0 ? lines : ['(none)'] };
    }
    case 'create-red-envelope': {
      const body = await jsonFile(file ?? '');
      const value = (await send('opsRedEnvelopeCreate', { body })) as { envelope: OperatorRedEnvelope };
      return { value, lines: [envelopeLine(value.envelope)] };
    }
    case 'raffles': {
      const value = (await send('opsRaffles')) as { raffles: OperatorRaffle[] };
      const lines = value.raffles.map(raffleLine);
      return { value, lines: lines.length > 0 ? lines : ['(none)'] };
    }
    default: {
      const value = (await send('opsRaffleCreate', { body: await jsonFile(file ?? '') })) as {
        raffle: OperatorRaffle;
      };
      return { value, lines: [raffleLine(value.raffle)] };
    }
  }
}
