import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, sql, useBrowser } from './browser';
import { createPlayer, depositFor } from './players';

useBrowser();

const password = 'Referral1234';
const shownCaptchas = new WeakMap<Page, string>();

/** Remembers the id of the last captcha each page received (the one it shows). */
function trackCaptchas(page: Page): void {
  page.on('response', (response) => {
    const id = response.headers()['x-captcha-id'];
    if (id) shownCaptchas.set(page, id);
  });
}

/** The answer of the captcha the page shows, read from the database as an operator could. */
async function captchaAnswer(page: Page): Promise<string> {
  await page.getByRole('img', { name: 'Verification code image' }).waitFor();
  await page.waitForLoadState('networkidle');
  const { rows } = await sql('select answer from captchas where id = $1', [shownCaptchas.get(page)]);
  return (rows[0] as { answer: string }).answer;
}

describe('referral in the browser', () => {
  it('a player shares the link; a friend registers with it on another phone and deposits; the player claims', async () => {
    const referrer = await createPlayer('rf', password);
    const { page, errors } = await openPage();
    await page.goto('/login');
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel(/^Username/).fill(referrer.username);
    await login.getByLabel(/^Password/).fill(password);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    // The member centre's referral tab: the code, the link and its QR code; no friends yet.
    await page.goto('/member?tab=referral');
    const invite = page.getByRole('region', { name: 'Your invitation' });
    await invite.getByRole('img', { name: 'QR code of your referral link' }).waitFor();
    const code = (await invite.locator('dd').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const link = await invite.getByRole('textbox', { name: 'Your referral link' }).inputValue();
    expect(link).toMatch(new RegExp(`/register\\?referralCode=${code}$`));
    await page.getByText('No friends invited yet').waitFor();
    await page
      .getByText('you receive ฿50.00 and your friend receives ฿50.00', { exact: false })
      .first()
      .waitFor();

    // The friend opens the link on another phone (another user agent and address) and registers.
    const friend = await openPage({ userAgent: 'Mozilla/5.0 (Linux; Android 14; FriendPhone) Mobile' });
    trackCaptchas(friend.page);
    await friend.page.goto(new URL(link).pathname + new URL(link).search);
    const register = friend.page.getByRole('dialog', { name: 'Register' });
    expect(await register.getByLabel(/^Referral code/).inputValue()).toBe(code);
    const friendName = `fr${referrer.username.slice(2, 10)}`;
    await register.getByLabel(/^Username/).fill(friendName);
    await register.getByLabel(/^Password/).fill('Passw0rd');
    await register.getByLabel(/^Confirm password/).fill('Passw0rd');
    await register.getByLabel(/^Verification code \(image\)/).fill(await captchaAnswer(friend.page));
    await register.getByLabel(/I am 18 or older/).check();
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await friend.page.getByRole('dialog', { name: 'Welcome!' }).getByRole('button', { name: 'OK' }).click();
    await friend.page.getByRole('button', { name: 'Account menu' }).waitFor();

    // The referrer sees the friend, waiting for a deposit; after the friend's deposit, a reward to claim.
    await page.reload();
    const friends = page.getByRole('region', { name: 'Invited friends (1)' });
    await friends.getByText('Registered, waiting for a deposit').waitFor();
    const { rows } = await sql('select id from members where username = $1', [friendName]);
    await depositFor((rows[0] as { id: number }).id, 10_000, `referral-e2e-${friendName}`);
    await page.reload();
    await friends.getByText('Deposited: reward ready').waitFor();
    const rewards = page.getByRole('region', { name: 'Referral rewards' });
    await rewards.getByRole('button', { name: 'Claim ฿50.00' }).click();
    await rewards.getByText('You claimed ฿50.00. Status: Issued.').waitFor();
    await friends.getByText('Rewarded').waitFor();
    await rewards.getByText('฿50.00', { exact: true }).waitFor();

    // The friend's own reward waits in the friend's referral tab too.
    await friend.page.goto('/member?tab=referral');
    await friend.page.getByRole('button', { name: 'Claim ฿50.00' }).waitFor();

    expect(errors).toEqual([]);
    expect(friend.errors).toEqual([]);
  });
});
