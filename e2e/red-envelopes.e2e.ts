import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser';
import { asOperator } from './operators';
import { createPlayer } from './players';

useBrowser();

const password = 'Envelope1234';
const hour = 3_600_000;

describe('red envelopes and raffles in the browser', () => {
  it('an operator schedules an envelope and a raffle; a player claims a share and sees the raffle commitment', async () => {
    const title = `E2E envelope ${Date.now()}`;
    const created = await asOperator('POST', '/ops/rewards/red-envelopes', {
      title,
      pool: '30.00',
      shares: 3,
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + hour).toISOString(),
    });
    expect(created.success, created.message).toBe(true);
    const raffleTitle = `E2E raffle ${Date.now()}`;
    const raffle = await asOperator('POST', '/ops/rewards/raffles', {
      title: raffleTitle,
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + hour).toISOString(),
      drawAt: new Date(Date.now() + 2 * hour).toISOString(),
      tickets: { validBetPerTicket: '100.00' },
      prizes: ['100.00'],
    });
    expect(raffle.success, raffle.message).toBe(true);
    const seedHash = (raffle.value as { raffle: { seedHash: string } }).raffle.seedHash;

    const player = await createPlayer('re', password);
    const { page, errors } = await openPage();
    await page.goto('/login');
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel(/^Username/).fill(player.username);
    await login.getByLabel(/^Password/).fill(password);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    await page.goto('/member?tab=rewardCenter');
    // The demo's own envelope may be waiting too: open ours by its title.
    const banner = page.getByRole('region', { name: 'Red envelope' });
    await banner.waitFor();
    const ours = page.getByText(`A red envelope is waiting for you: ${title}`);
    if ((await ours.count()) === 0) {
      // Another open envelope is offered first: claim it, then ours is offered.
      await banner.getByRole('button', { name: 'Open the red envelope' }).click();
      const first = page.getByRole('dialog', { name: 'Red envelope' });
      await first.getByRole('button', { name: 'Claim my share' }).click();
      await first.getByText(/^You got /).waitFor();
      await first.getByRole('button', { name: 'Close' }).click();
    }
    await ours.waitFor();
    await banner.getByRole('button', { name: 'Open the red envelope' }).click();
    const dialog = page.getByRole('dialog', { name: 'Red envelope' });
    await dialog.getByText(title).waitFor();
    await dialog.getByRole('button', { name: 'Claim my share' }).click();
    const won = await dialog.getByText(/^You got ฿[\d,.]+!$/).textContent();
    expect(won).toMatch(/^You got ฿\d+\.\d{2}!$/);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'Raffles' }).click();
    const card = page.getByRole('listitem', { name: raffleTitle });
    await card.getByText(seedHash).waitFor();
    await card.getByText('Earning tickets').waitFor();
    expect(errors).toEqual([]);
  });
});
