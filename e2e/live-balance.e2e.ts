import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, useBrowser } from './browser';
import { consoleLogin } from './operators';
import { apiLogin, createPlayer } from './players';

useBrowser();

const playerPassword = 'Live12345';
// A 1x1 PNG: the server checks a proof's bytes, so the proof must be a real image.
const proofPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A manual bank deposit with a proof image, asked for by the player through the API: its id. */
async function createDeposit(token: string, amount: string): Promise<string> {
  const call = async (method: string, path: string, body?: unknown) =>
    (await (
      await fetch(`${baseUrl()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    ).json()) as { success: boolean; value: unknown };
  const channels = (await call('GET', '/wps/payments/channels')).value as { id: number; type: string }[];
  const created = await call('POST', '/wps/payments/deposits', {
    channelId: channels.find((channel) => channel.type === 'manual_bank')?.id,
    amount,
    reference: 'E2E-LIVE',
    proofImage: proofPng,
    clientRequestId: `e2e-live-${randomBytes(6).toString('hex')}`,
  });
  expect(created.success, JSON.stringify(created)).toBe(true);
  return (created.value as { id: string }).id;
}

describe('live balance (issue 18)', () => {
  it("an operator approves a deposit in the console and the player's open page shows it without a reload", async () => {
    const player = await createPlayer('live', playerPassword);

    // The player on the portal, logged in, the header showing 0.00.
    const { page, errors } = await openPage();
    const frames: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => frames.push(String(frame.payload))),
    );
    await page.goto('/login');
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel(/^Username/).fill(player.username);
    await login.getByLabel(/^Password/).fill(playerPassword);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    const header = page.locator('.header-account__balance output');
    await expect.poll(() => header.textContent(), { timeout: 15_000 }).toMatch(/0\.00/);
    // The push socket is open and said hello (its first event is the balance now).
    await expect.poll(() => frames.some((frame) => frame.includes('"type":"balance"'))).toBe(true);
    // A mark a reload would wipe; and every member-info read from now on is counted.
    await page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
    const infoReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/wps/member/info')) infoReads.push(request.url());
    });

    // A second session of the player asks for a deposit; an operator approves it in the console.
    const { token } = await apiLogin(player.username, playerPassword);
    const depositId = await createDeposit(token, '150.00');
    const operator = await openPage();
    await consoleLogin(operator.page);
    await operator.page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Deposits' })
      .click();
    const row = operator.page
      .getByRole('table', { name: 'Deposits' })
      .getByRole('row')
      .filter({ hasText: player.username });
    await row.getByRole('img', { name: `Proof of ${depositId} from ${player.username}` }).waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = operator.page.getByRole('dialog', { name: 'Approve?' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    const approvedAt = Date.now();
    await operator.page.getByText(`Done: Approve for ${player.username}.`).waitFor();

    // The header changes within a second or so of the approval: pushed, not re-read, not reloaded.
    await expect.poll(() => header.textContent(), { timeout: 3_000, interval: 50 }).toMatch(/150\.00/);
    const seenAfterMs = Date.now() - approvedAt;
    console.info(`live balance: the header showed the deposit ${seenAfterMs} ms after the approve click`);
    expect(await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(1);
    expect(infoReads).toEqual([]);
    expect(seenAfterMs).toBeLessThan(3_000);
    expect(errors).toEqual([]);
    expect(operator.errors).toEqual([]);
  });
});
