import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliKit } from '../test/operator-cli-kit';

/** `npm run operator -- red-envelopes | create-red-envelope | raffles | create-raffle` over HTTP (decision 0031). */
let cli: Awaited<ReturnType<typeof startCliKit>>['cli'];
let jsonFile: Awaited<ReturnType<typeof startCliKit>>['jsonFile'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ cli, jsonFile, close } = await startCliKit());
});
afterAll(async () => close());

const hour = 3_600_000;

describe('npm run operator -- red envelopes and raffles', () => {
  it('creates a red envelope from a file and lists it with its commitment', async () => {
    const file = jsonFile('envelope.json', {
      title: 'CLI envelope',
      pool: '88.88',
      shares: 8,
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + hour).toISOString(),
    });
    const created = await cli('create-red-envelope', '--file', file);
    expect(created.code, created.err).toBe(0);
    expect(created.out).toMatch(
      /open +.*pool 88\.88 +claimed 0\/8 +paid 0\.00 +sha256 [0-9a-f]{16}\.\.\. +CLI envelope/,
    );
    const listed = await cli('red-envelopes');
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toContain('CLI envelope');
  });

  it('creates a raffle from a file and lists it', async () => {
    const file = jsonFile('raffle.json', {
      title: 'CLI raffle',
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + hour).toISOString(),
      drawAt: new Date(Date.now() + 2 * hour).toISOString(),
      tickets: { validBetPerTicket: '100.00' },
      prizes: ['500.00', '100.00'],
    });
    const created = await cli('create-raffle', '--file', file);
    expect(created.code, created.err).toBe(0);
    expect(created.out).toMatch(/open +draw .* prizes 500\.00\/100\.00 +not drawn +sha256 .* CLI raffle/);
    expect((await cli('raffles')).out).toContain('CLI raffle');
  });

  it('refuses a create without --file before logging in, and a bad body with the API error', async () => {
    const missing = await cli('create-raffle');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('create-raffle needs --file <raffle.json>');
    const bad = await cli(
      'create-red-envelope',
      '--file',
      jsonFile('bad.json', { title: 'x', pool: '0.01', shares: 5 }),
    );
    expect(bad.code).toBe(1);
  });
});
