import { randomInt } from 'node:crypto';
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
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

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
  afterEach(async (context) => {
    // Screenshots before the contexts close: a failed test leaves what each of its pages showed.
    if (context.task.result?.state === 'fail') {
      fs.mkdirSync(artifactsDir, { recursive: true });
      const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      const pages = openContexts.flatMap((browserContext) => browserContext.pages());
      await Promise.all(
        pages.map((page, index) =>
          page
            .screenshot({ path: path.join(artifactsDir, `${name}-${index}.png`), fullPage: true })
            .catch(() => undefined),
        ),
      );
    }
    await Promise.all(openContexts.splice(0).map((browserContext) => browserContext.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
}

let visitorSequence = 0;
// Every test file loads this module afresh, so the sequence restarts: a random network per file keeps one
// file's visitors (and their login failures) apart from the next file's.
const visitorNetwork = `10.${randomInt(1, 255)}.${randomInt(0, 256)}`;

/**
 * Opens a page in a new context; console errors and uncaught exceptions are collected. Each context is
 * a different visitor (its own X-Forwarded-For address, which the e2e server trusts), so per-address
 * limits such as login failures never leak from one test into the next.
 */
export async function openPage(options: BrowserContextOptions = {}): Promise<OpenedPage> {
  if (!browser) throw new Error('call useBrowser() in the test file first');
  visitorSequence += 1;
  const context = await browser.newContext({
    baseURL: baseUrl(),
    ...options,
    extraHTTPHeaders: {
      'X-Forwarded-For': `${visitorNetwork}.${(visitorSequence % 250) + 1}`,
      ...options.extraHTTPHeaders,
    },
  });
  openContexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
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
