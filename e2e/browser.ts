import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, inject, onTestFailed } from 'vitest';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const artifactsDir = path.join(import.meta.dirname, 'artifacts');

// Flags for a sandboxed, offline machine: no background connections that the closed network refuses.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

let browser: Browser | undefined;
const openContexts: BrowserContext[] = [];

/** The server under test. */
export const baseUrl = (): string => inject('baseUrl');

export interface OpenedPage {
  page: Page;
  /** Console errors, page errors and CSP violations seen so far. */
  errors: string[];
}

/**
 * Launches Chromium once per file; every test opens its own context (fresh storage). On a failed test
 * each open page is saved as a screenshot under e2e/artifacts.
 */
export function useBrowser(): void {
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });
  afterEach(async () => {
    await Promise.all(openContexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** Opens a page in a new context; console errors and uncaught exceptions are collected. */
export async function openPage(options: BrowserContextOptions = {}): Promise<OpenedPage> {
  if (!browser) throw new Error('call useBrowser() in the test file first');
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  openContexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  onTestFailed(async ({ task }) => {
    fs.mkdirSync(artifactsDir, { recursive: true });
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    await page
      .screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true })
      .catch(() => undefined);
  });
  return { page, errors };
}

/** Runs SQL against the server's database (for arranging merchant settings). */
export async function sql(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
