import { createHash, createHmac, randomBytes } from 'node:crypto';
import { screen } from '@testing-library/react';
import type { BgsRound } from '@portal/contracts';
import { computeOutcome, type HmacSha256 } from '@portal/contracts/bgs';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createFakeFetch, type FakeTable } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-app';
import { VerifyPage } from './verify-page';

const slow = { timeout: 4000 };
// The "server" side of the test computes with node:crypto; the page recomputes with WebCrypto.
const nodeHmac: HmacSha256 = (key, message) =>
  Promise.resolve(new Uint8Array(createHmac('sha256', key).update(message).digest()));

async function recordedRound(tamper = false): Promise<BgsRound> {
  const serverSeed = randomBytes(32).toString('hex');
  const params = { game: 'bgs-mines' as const, mineCount: 5 };
  const outcome = await computeOutcome(nodeHmac, { serverSeed, clientSeed: 'abc', nonce: 12, params });
  if (tamper && outcome.game === 'bgs-mines') outcome.mines = [0, 1, 2, 3, 4];
  return {
    roundId: `r${'2'.repeat(32)}`,
    gameCode: 'bgs-mines',
    status: 'settled',
    failureCode: null,
    bet: '1.00',
    payout: '0.00',
    currency: 'THB',
    serverSeedHash: createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex'),
    serverSeed,
    clientSeed: 'abc',
    nonce: 12,
    params,
    outcome,
    reveals: [3],
    cashoutValue: null,
    createdAt: '2026-11-22T10:00:00.000Z',
  };
}

async function renderVerify(round: BgsRound) {
  const replies: FakeTable = {};
  replies[`/wps/inhouse/rounds/${round.roundId}`] = { value: round };
  const server = createFakeFetch(replies);
  await renderWithProviders(
    <MemoryRouter>
      <VerifyPage
        roundId={round.roundId}
        token={'t'.repeat(43)}
        backGame="bgs-mines"
        fetchImpl={server.fetch}
      />
    </MemoryRouter>,
  );
}

describe('BGS verify page', () => {
  it('recomputes a revealed round in the browser and finds the recorded outcome and hash', async () => {
    const round = await recordedRound();
    await renderVerify(round);
    expect(await screen.findByText("The server's recorded outcome is the same.", {}, slow)).toBeTruthy();
    expect(screen.getByText('It matches the hash shown before play.')).toBeTruthy();
    const mines = round.outcome?.game === 'bgs-mines' ? round.outcome.mines : [];
    expect(screen.getByText(`Mines at tiles ${mines.join(', ')}`)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Server seed (revealed)').value).toBe(round.serverSeed);
    expect(screen.getByRole('link', { name: 'Back to the game' }).getAttribute('href')).toContain(
      '/bgs/play/bgs-mines',
    );
  });

  it('says so when the recorded outcome differs from the recomputation', async () => {
    await renderVerify(await recordedRound(true));
    expect(await screen.findByText("The server's recorded outcome is different!", {}, slow)).toBeTruthy();
  });

  it('explains that a hidden seed must be rotated first', async () => {
    const round = { ...(await recordedRound()), serverSeed: null };
    await renderVerify(round);
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain('still hidden');
  });
});
