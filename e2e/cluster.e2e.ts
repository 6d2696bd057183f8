import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  localRedisUrl,
  redisAnswers,
  startCluster,
  type RunningCluster,
} from '../apps/server/src/cluster/cluster';
import { haproxyPath } from '../apps/server/src/cluster/haproxy';
import { openPage, useBrowser } from './browser';
import { createPlayer, depositFor } from './players';

/**
 * Issue 21: a player's journey through HAProxy in front of two more instances on the suite's database
 * (started by the cluster script's own library): log in, browse, bet on the lottery, open the member
 * centre. The proxy sends each request to the next instance in turn, so the session, the settings, the
 * bet and the balance must be one portal's; every API reply names its instance (x-portal-instance), and
 * both must have served the journey.
 */
useBrowser();

const hasHaproxy = haproxyPath() !== undefined;
if (!hasHaproxy) {
  process.stdout.write('cluster.e2e: haproxy is not installed (apt-get install -y haproxy); skipped\n');
}
const password = 'Cluster1234';
let cluster: RunningCluster | undefined;

beforeAll(async () => {
  if (!hasHaproxy) return;
  const redisUrl = process.env.REDIS_URL ?? localRedisUrl;
  cluster = await startCluster({
    databaseUrl: inject('databaseUrl'),
    redisUrl: (await redisAnswers(redisUrl)) ? redisUrl : undefined,
    instanceIds: ['e2e-a', 'e2e-b'],
    // The suite's own server keeps the vendor simulator: these two must not re-point the vendors at theirs.
    simulator: false,
    environment: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
});
afterAll(async () => cluster?.stop());

/** The API path of a reply's address (`/wps/...`, `/lgw/...`, `/lotto/...`), or undefined for pages. */
function apiPath(url: string): string | undefined {
  const { pathname } = new URL(url);
  return /^\/(wps|lgw|lotto)\//.test(pathname) ? pathname : undefined;
}

describe.skipIf(!hasHaproxy)('two instances behind HAProxy', () => {
  it('serve one journey in turn: log in, browse, bet, the member centre', { timeout: 120_000 }, async () => {
    const player = await createPlayer('cluster', password);
    await depositFor(player.memberId, 10_000, `e2e-cluster-${player.memberId}`);
    // The lottery page offers the earliest draw to come (VN every 5 minutes): keep clear of its close.
    const toScheduledDrawMs = 300_000 - (Date.now() % 300_000);
    if (toScheduledDrawMs < 45_000)
      await new Promise((resolve) => setTimeout(resolve, toScheduledDrawMs + 3_000));

    const { page, errors } = await openPage({ baseURL: cluster!.proxyUrl });
    const served: { path: string; instance: string }[] = [];
    page.on('response', (response) => {
      const path = apiPath(response.url());
      const instance = response.headers()['x-portal-instance'];
      if (path && instance) served.push({ path, instance });
    });

    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel(/^Username/).fill(player.username);
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const header = page.locator('.header-account__balance output');
    await expect.poll(() => header.textContent()).toBe('฿100.00');

    // Browse: the home page, its reads going to whichever instance's turn it is.
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.waitForLoadState('networkidle');

    await page.goto('/vnLottery');
    await page.getByRole('radio', { name: /Big \(50-99\)/ }).check();
    await page.getByLabel('Stake (THB)').fill('10');
    await page.getByRole('button', { name: 'Place bet' }).click();
    await page.getByText(/Bet placed on draw \d+\. Balance: ฿90\.00\./).waitFor();
    await expect.poll(() => header.textContent()).toBe('฿90.00');

    await page.goto('/member');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => header.textContent()).toBe('฿90.00');

    const byInstance = new Map<string, number>();
    for (const { instance } of served) byInstance.set(instance, (byInstance.get(instance) ?? 0) + 1);
    expect([...byInstance.keys()].sort()).toEqual(['e2e-a', 'e2e-b']);
    // Round robin: neither instance served fewer than a quarter of the journey's API calls.
    for (const count of byInstance.values()) expect(count).toBeGreaterThanOrEqual(served.length / 4);
    // The session opened on one instance was honoured by both: the calls after the login carry it.
    const loginAt = served.findIndex((entry) => entry.path === '/wps/session/login');
    expect(loginAt).toBeGreaterThanOrEqual(0);
    expect(new Set(served.slice(loginAt + 1).map((entry) => entry.instance)).size).toBe(2);
    expect(served.some((entry) => entry.path === '/wps/relay/lottery_bet')).toBe(true);
    expect(errors).toEqual([]);
  });
});
