import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, openPage, useBrowser } from './browser';
import { asOperator, consoleLogin, consoleLoginAs, createStaff } from './operators';

useBrowser();

/** The vendor the catalogue test switches off (and back on afterwards, for the files after this one). */
const vendor = 'SIMFISH';

async function vendorGameTotal(): Promise<number> {
  const reply = await fetch(`${baseUrl()}/wps/relay/games_list?vassalage=${vendor}&pageSize=10`);
  return ((await reply.json()) as { value: { total: number } }).value.total;
}

afterAll(async () => {
  await asOperator('PUT', `/ops/games/vendors/${vendor}`, { enabled: true });
});

describe('the console content and catalogue sections in the browser', () => {
  it('a content staff member publishes a promotion and the player sees it', async () => {
    const staff = await createStaff('content', 'Content1234');
    const title = `E2E promotion ${randomBytes(3).toString('hex')}`;

    const { page, errors } = await openPage();
    await consoleLoginAs(page, staff);
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Content' })
      .click();
    await page.getByRole('button', { name: 'New announcement' }).click();
    const form = page.getByRole('dialog', { name: 'New announcement' });
    await form.getByLabel('Type').selectOption('PR');
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Text/).fill('<p>Double points all weekend<script>window.hacked = 1</script></p>');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();

    const row = page
      .getByRole('table', { name: 'Announcements' })
      .getByRole('row')
      .filter({ hasText: title });
    await row.getByText('Unpublished').waitFor();
    await row.getByRole('button', { name: 'Publish' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish?' });
    await confirm.getByText(`Publish “${title}”?`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(`Published “${title}”.`).waitFor();
    await row.getByText('Published', { exact: true }).waitFor();

    // The player's side, in a browser without the staff session.
    // Each look waits for the list to render (the grid, or the empty state): a reload at every poll would
    // count the cards before the list arrived, and on a busy machine keep reloading it before it could.
    const player = await openPage();
    const card = player.page.locator('.promotion-card__title', { hasText: title });
    await expect
      .poll(
        async () => {
          await player.page.goto('/promotions');
          await player.page.locator('.promotion-grid, .empty-state').first().waitFor();
          return card.count();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(1);
    await player.page
      .locator('.promotion-card', { has: card })
      .getByRole('link', { name: 'Details' })
      .click();
    await player.page.getByRole('dialog', { name: title }).getByText('Double points all weekend').waitFor();
    expect(
      await player.page.evaluate(() => (window as unknown as { hacked?: number }).hacked),
    ).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('the owner switches a vendor off and its games leave the player lobby', async () => {
    const games = (await asOperator('GET', `/ops/games/games?vendor=${vendor}&pageSize=1`)).value as {
      items: { name: string }[];
    };
    const gameName = games.items[0]!.name;
    const lobby = await openPage();
    await lobby.page.goto('/fish');
    await lobby.page.getByRole('article', { name: gameName }).waitFor();
    expect(await vendorGameTotal()).toBeGreaterThan(0);

    const { page } = await openPage();
    await consoleLogin(page);
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Games catalogue' })
      .click();
    const row = page
      .getByRole('table', { name: 'Vendors' })
      .getByRole('row')
      .filter({ hasText: `(${vendor})` });
    await row.getByText('On', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Switch off' }).click();
    const confirm = page.getByRole('dialog', { name: 'Switch off Sim Fishing?' });
    await confirm.getByRole('button', { name: 'Switch off' }).click();
    await page.getByText('Sim Fishing is off.').waitFor();
    await row.getByText('Off', { exact: true }).waitFor();

    expect(await vendorGameTotal()).toBe(0);
    await lobby.page.reload();
    await lobby.page.waitForLoadState('networkidle');
    expect(await lobby.page.getByRole('article', { name: gameName }).count()).toBe(0);
  });
});
