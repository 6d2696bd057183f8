import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// @ts-expect-error the build script is plain JavaScript without type declarations
import { ensureWebBuild } from '../scripts/build-web.mjs';
import { stopAllChildren } from './lib/child';
import { startPortal, type BenchServer } from './lib/servers';

/**
 * Lighthouse (npm `lighthouse`, its default mobile preset: a mid-range phone on a throttled 4G
 * connection, simulated) on the real portal's home page with the demo data, through Debian's Chromium
 * (CHROME_PATH, default /usr/bin/chromium; Lighthouse never downloads a browser). Each run is a fresh
 * headless Chromium; the figures are the medians of BENCH_LIGHTHOUSE_RUNS runs (default 3).
 * Targets: performance >= 90, CLS <= 0.05. Last line: `lighthouse_performance=<n> cls=<n>`.
 */

const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** An already running portal to measure instead of starting one (for example `npm start`'s). */
const givenUrl = process.env.BENCH_LIGHTHOUSE_URL;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu'];
/** A folder to keep each run's full Lighthouse report in (lighthouse-<run>.json), for the diagnostics. */
const reportDir = process.env.BENCH_LIGHTHOUSE_REPORT_DIR;

interface RunFigures {
  performance: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One Lighthouse run in its own Chromium. */
async function runOnce(url: string, run: number): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(join(reportDir, `lighthouse-${run}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const numeric = (id: string): number => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id}`);
      return value;
    };
    const score = lhr.categories.performance?.score;
    if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
    return {
      performance: Math.round(score * 100),
      cls: numeric('cumulative-layout-shift'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      speedIndexMs: numeric('speed-index'),
    };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  let portal: BenchServer | undefined;
  try {
    if (!givenUrl) {
      (ensureWebBuild as () => boolean)();
      portal = await startPortal('lighthouse');
    }
    const url = givenUrl ?? `${portal!.baseUrl}/`;
    // One discarded load warms the server's caches (catalogue snapshot, static files).
    await fetch(url);
    const figures: RunFigures[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const result = await runOnce(url, run);
      figures.push(result);
      console.log(
        `run ${run}: performance=${result.performance} cls=${result.cls.toFixed(3)} fcp=${Math.round(result.fcpMs)}ms ` +
          `lcp=${Math.round(result.lcpMs)}ms tbt=${Math.round(result.tbtMs)}ms si=${Math.round(result.speedIndexMs)}ms`,
      );
    }
    const performance = median(figures.map((figure) => figure.performance));
    const cls = median(figures.map((figure) => figure.cls));
    console.log(`lighthouse_performance=${performance} cls=${cls.toFixed(3)}`);
  } finally {
    await portal?.stop();
    await stopAllChildren();
  }
}

await main();
