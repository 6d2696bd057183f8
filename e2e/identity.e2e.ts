import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, sql, useBrowser } from './browser';

useBrowser();

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

async function logInWith(page: Page, username: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel(/^Username/).fill(username);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page
    .getByRole('menuitem', { name: 'Log out' })
    .or(page.getByRole('button', { name: 'Log out' }))
    .first()
    .click();
  const confirm = page
    .locator('[role=dialog], [role=alertdialog], dialog')
    .filter({ hasText: 'Are you sure you want to log out?' });
  await confirm.getByRole('button', { name: 'Log out' }).click();
  await page
    .getByRole('link', { name: 'Log in' })
    .or(page.getByRole('button', { name: 'Log in' }))
    .first()
    .waitFor();
}

describe('identity in the browser', () => {
  it('registers, logs out, needs a captcha after wrong passwords, and logs in again', async () => {
    const { page, errors } = await openPage();
    trackCaptchas(page);
    const username = `e2e${Date.now().toString(36)}`;
    await page.goto('/register');
    const register = page.getByRole('dialog', { name: 'Register' });
    await register.getByLabel(/^Username/).fill(username);
    await register.getByLabel(/^Password/).fill('Passw0rd');
    await register.getByLabel(/^Confirm password/).fill('Passw0rd');
    await register.getByLabel(/^Verification code \(image\)/).fill(await captchaAnswer(page));
    await register.getByLabel(/I am 18 or older/).check();
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    // First login: the welcome notice, then the logged-in header.
    await page.getByRole('dialog', { name: 'Welcome!' }).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();

    await logOut(page);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('merchantCode'))).toBe('demo');

    await page.goto('/login');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await logInWith(page, username, `wrong-${attempt}`);
      await page
        .getByText(/incorrect|verification code/i)
        .first()
        .waitFor();
      const captcha = page.getByRole('dialog', { name: 'Log in' }).getByLabel(/^Verification code \(image\)/);
      if (await captcha.count()) await captcha.fill(await captchaAnswer(page));
    }
    await page.getByRole('img', { name: 'Verification code image' }).waitFor();
    await page.waitForTimeout(1500); // the growing delay after the third failure
    await page
      .getByRole('dialog', { name: 'Log in' })
      .getByLabel(/^Verification code \(image\)/)
      .fill(await captchaAnswer(page));
    await logInWith(page, username, 'Passw0rd');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(errors.filter((error) => !error.includes('status of 4'))).toEqual([]);
  });

  it('forces a password change for an account with the default password', async () => {
    const { page } = await openPage();
    await page.goto('/login');
    await logInWith(page, 'newbie1', 'Welcome123');
    const forced = page.getByRole('dialog', { name: 'Change your password' });
    await forced.waitFor();
    await page.keyboard.press('Escape');
    expect(await forced.isVisible()).toBe(true);
    await forced.getByLabel(/^New password/).fill('Changed123');
    await forced.getByLabel(/^Confirm password/).fill('Changed123');
    await forced.getByRole('button', { name: 'Change password' }).click();
    await forced.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  });

  it('logs in with an SMS code read from the outbox', async () => {
    await sql(`update members set mobile = '+66812345678' where username = 'player1'`);
    const { page } = await openPage();
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByRole('tab', { name: 'SMS code' }).click();
    await dialog.getByLabel(/^Mobile number/).fill('812345678');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByRole('button', { name: /Resend in/ }).waitFor();
    const { rows } = await sql(
      `select body from outbox where recipient = '+66812345678' order by id desc limit 1`,
    );
    const code = /\b(\d{6})\b/.exec((rows[0] as { body: string }).body)![1]!;
    await dialog.getByLabel(/^Verification code/).fill(code);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  });

  it('takes an agent from /agent to /agentHome, and refuses a member there', async () => {
    const { page } = await openPage();
    await page.goto('/agent');
    const main = page.getByRole('main');
    await main.getByLabel(/^Username/).fill('player1');
    await main.getByLabel(/^Password/).fill('Demo1234');
    await main.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText(/This account cannot log in here/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/agent');

    await main.getByLabel(/^Username/).fill('agent1');
    await main.getByLabel(/^Password/).fill('Agent1234');
    await main.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/agentHome');
    await page.getByText('Hello, Demo Agent').waitFor();
  });
});
