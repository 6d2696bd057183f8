import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser';
import { asOperator } from './operators';
import { createPlayer } from './players';

useBrowser();

const password = 'Comments1234';
// A real 1x1 PNG, so the thumbnail the server serves back decodes in the browser.
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('activity comments in the browser', () => {
  it('a player comments with a PNG on an activity that asks for comments; 141 characters are not sent', async () => {
    // An activity of this test's own, starting next week: it shows as coming soon and pays nothing, so
    // the other suites' counts of what there is to claim stay as they are.
    const title = `Comments e2e ${randomBytes(3).toString('hex')}`;
    const created = await asOperator('POST', '/ops/rewards/activities', {
      title,
      rules: { kind: 'sign_in', amounts: ['1.00'] },
      startsAt: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString(),
      allowComments: true,
    });
    expect(created.success, JSON.stringify(created)).toBe(true);
    const player = await createPlayer('cm', password);

    const { page, errors } = await openPage();
    await page.goto('/login');
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel(/^Username/).fill(player.username);
    await login.getByLabel(/^Password/).fill(password);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    await page.goto('/member?tab=rewardCenter');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    // The count is read once the card nears the screen.
    const toggle = card.getByRole('button', { name: 'Comments (0)' });
    await toggle.scrollIntoViewIfNeeded();
    await toggle.click();
    const region = card.getByRole('region', { name: `Comments on ${title}` });
    await region.getByText('No comments yet - be the first').waitFor();

    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/comments')) sent.push(request.url());
    });
    const text = region.getByLabel('Your comment');
    await text.fill('x'.repeat(141));
    await region.getByText('141/140 - too long').waitFor();
    await region.getByRole('button', { name: 'Post comment' }).click();
    await region.getByRole('alert').filter({ hasText: 'A comment is at most 140 characters.' }).waitFor();
    expect(sent).toEqual([]);

    await text.fill('Signed in every day this week 🎉');
    await region.getByText('31/140').waitFor();
    await region.getByLabel('Images').setInputFiles({
      name: 'proof.png',
      mimeType: 'image/png',
      buffer: onePixelPng,
    });
    await region.getByRole('img', { name: 'proof.png' }).waitFor();
    await region.getByRole('button', { name: 'Post comment' }).click();
    await region.getByText('Your comment is posted.').waitFor();

    const list = region.getByRole('list', { name: 'Comments, newest first' });
    const comment = list.getByRole('listitem').filter({ hasText: 'Signed in every day this week 🎉' });
    await comment.getByText('You', { exact: true }).waitFor();
    const thumbnail = comment.getByRole('link', { name: /^Image 1 from .*new tab$/ });
    expect(await thumbnail.getAttribute('target')).toBe('_blank');
    // The thumbnail is the stored image, served back and decoded.
    const image = thumbnail.getByRole('img');
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);
    await card.getByRole('button', { name: 'Comments (1)' }).waitFor();
    expect(await text.inputValue()).toBe('');
    expect(sent).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
