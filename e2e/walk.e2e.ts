import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../apps/web/src/app/routes';
import { agentMenuPages } from '../apps/web/src/features/agent/agent-menu';
import { memberCentreTabs } from '../apps/web/src/features/member-centre/member-centre-tabs';
import { agentLogIn } from './agents';
import { openPage, useBrowser } from './browser';
import { createMember, createPlayer } from './players';

useBrowser();

/**
 * Issue 18: every route of the web app, every member-centre page and every agent-centre page, opened as a
 * visitor, a player and an agent, without a console error, an uncaught exception, a failed request or an
 * error answer (4xx/5xx). The lists come from the app itself (its route table, the member centre's tabs,
 * the agent menu), so a new page is walked without touching this file.
 */
const routes = routeTable.map((entry) => entry.path).filter((path) => path !== '*');

interface Walker {
  page: Page;
  errors: string[];
  /** Failed requests and error answers, each with the address it was seen on. */
  problems: string[];
  visit(path: string): Promise<void>;
}

async function walker(): Promise<Walker> {
  const { page, errors } = await openPage();
  const problems: string[] = [];
  let at = '(start)';
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // A request the browser cancels because the walk (or a login) moves to the next address is no failure.
    if (reason === 'net::ERR_ABORTED') return;
    problems.push(`${at}: ${request.method()} ${request.url()} failed (${reason})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.push(`${at}: ${response.request().method()} ${response.url()} answered ${response.status()}`);
    }
  });
  return {
    page,
    errors,
    problems,
    async visit(path: string) {
      at = path;
      const errorsBefore = errors.length;
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('main').first().waitFor();
      // Lazy pages load their chunk and data after the first paint: let the network settle again.
      await page.waitForLoadState('networkidle');
      for (const error of errors.splice(errorsBefore)) errors.push(`${path}: ${error}`);
    },
  };
}

async function playerLogIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel(/^Username/).fill(username);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

/** What one role's walk saw go wrong, for the one expectation below. */
async function walkAs(
  role: 'visitor' | 'player' | 'agent',
): Promise<{ errors: string[]; problems: string[] }> {
  const walk = await walker();
  if (role === 'player') {
    const player = await createPlayer('walk', 'Walk12345');
    await playerLogIn(walk.page, player.username, 'Walk12345');
  }
  if (role === 'agent') {
    const agent = await createMember('walkag', 'Walk12345', { type: 1 });
    await agentLogIn(walk.page, agent.username, 'Walk12345');
  }
  for (const path of routes) await walk.visit(path);
  if (role === 'player') for (const tab of memberCentreTabs) await walk.visit(`/member?tab=${tab}`);
  if (role === 'agent') for (const entry of agentMenuPages) await walk.visit(`/agentHome?page=${entry}`);
  return { errors: walk.errors, problems: walk.problems };
}

describe('every page, as each role', () => {
  // The three walks run side by side, each in its own browser context from its own address: most of a
  // visit is waiting for the network to settle, so together they take about as long as the longest.
  it(
    'a visitor opens every route, a player every route and member-centre page, an agent every route and agent-centre page',
    { timeout: 360_000 },
    async () => {
      const [visitor, player, agent] = await Promise.all([
        walkAs('visitor'),
        walkAs('player'),
        walkAs('agent'),
      ]);
      expect({ visitor, player, agent }).toEqual({
        visitor: { errors: [], problems: [] },
        player: { errors: [], problems: [] },
        agent: { errors: [], problems: [] },
      });
    },
  );
});
