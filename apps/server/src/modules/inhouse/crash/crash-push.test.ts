import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { CrashEvent, CrashRoundView } from '@portal/contracts';
import { crashPublisher, playersGatherMs } from './crash-push';
import { playersPerEvent } from './crash.service';

/** An app whose push hub records what it is given, by topic. */
function recordingApp() {
  const sent: { topic: string; event: CrashEvent }[] = [];
  const app = {
    deps: { push: { publish: (topic: string, event: CrashEvent) => sent.push({ topic, event }) } },
    log: { warn: () => undefined },
  } as unknown as FastifyInstance;
  return { app, sent };
}

const player = (n: number) => ({
  betId: String(n),
  player: `pl***${n}`,
  bet: '1.00',
  cashout: null,
  payout: null,
});
const round = { roundId: 'r1', phase: 'crashed' } as CrashRoundView;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('crash publisher', () => {
  it('gathers players into full events, sends the rest after a moment, and shares one publisher per app', async () => {
    const { app, sent } = recordingApp();
    const publish = crashPublisher(app);
    expect(crashPublisher(app)).toBe(publish);

    for (let n = 1; n <= 100; n += 1)
      publish(7, { type: 'crash.players', roundId: 'r1', players: [player(n)] });
    // Two full events leave at once; the remaining 20 wait for more players or the timer.
    expect(sent.map(({ event }) => (event.type === 'crash.players' ? event.players.length : 0))).toEqual([
      playersPerEvent,
      playersPerEvent,
    ]);
    await sleep(playersGatherMs + 30);
    const players = sent.flatMap(({ event }) => (event.type === 'crash.players' ? event.players : []));
    expect(players.map((entry) => entry.betId)).toEqual(Array.from({ length: 100 }, (_, i) => String(i + 1)));
    expect(new Set(sent.map(({ topic }) => topic))).toEqual(new Set(['g:7:bgs-crash']));
  });

  it('sends the players gathered before a round event of the same merchant, never after it', () => {
    const { app, sent } = recordingApp();
    const publish = crashPublisher(app);
    publish(7, { type: 'crash.players', roundId: 'r1', players: [player(1)] });
    publish(8, { type: 'crash.players', roundId: 'r9', players: [player(2)] });
    publish(7, { type: 'crash.round', round });
    // Merchant 7's player first, then its round; merchant 8's player still waits.
    expect(sent.map(({ event }) => event.type)).toEqual(['crash.players', 'crash.round']);
    expect(sent[0]!.topic).toBe('g:7:bgs-crash');
  });
});
