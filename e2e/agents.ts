import type { Page } from 'playwright-core';

/** Logs an agent in at /agent as a person does; lands on /agentHome. */
export async function agentLogIn(page: Page, username: string, password: string) {
  await page.goto('/agent');
  const main = page.getByRole('main');
  await main.getByLabel(/^Username/).fill(username);
  await main.getByLabel(/^Password/).fill(password);
  await main.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/agentHome**');
}

/** Opens an entry of the agent menu (its name may be followed by a badge's count) and waits for its page. */
export async function openMenu(page: Page, name: string) {
  const entry = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`);
  await page.getByRole('navigation', { name: 'Agent menu' }).getByRole('link', { name: entry }).click();
  await page.getByRole('heading', { name, exact: true }).waitFor();
}

/** The balance the header shows, in minor units (THB). */
export async function headerBalanceMinor(page: Page): Promise<number> {
  const text = (await page.locator('.header-account__balance output').textContent()) ?? '';
  const digits = text.replace(/[^0-9.]/g, '');
  if (!/^\d+\.\d{2}$/.test(digits)) throw new Error(`the header shows no balance: ${text}`);
  return Math.round(Number(digits) * 100);
}
