#!/usr/bin/env node
// Reports the home route's first-load JavaScript, gzipped: the entry chunk, the home page chunk and
// every chunk they import statically. Fails the build above the budget (150 KB gzipped). Reports the
// operator console's first load too (the entry, the /operator stub and the console chunk it loads, with
// their static imports), budget 250 KB gzipped (issue 16).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const budgetKb = 150;
const consoleBudgetKb = 250;
const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length !== 1) throw new Error(`Expected one entry chunk, found ${entryKeys.length}`);

// The home route's page module; when it is lazy its chunk (and its imports) load on first visit too.
const homePageKey = Object.keys(manifest).find((key) => key.endsWith('src/app/pages/home-route.tsx'));

function collectInto(visited, key) {
  if (visited.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Manifest has no chunk ${key}`);
  visited.add(key);
  for (const imported of chunk.imports ?? []) collectInto(visited, imported);
}

function gzipKb(keys) {
  let totalBytes = 0;
  for (const key of keys) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    totalBytes += gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  }
  return totalBytes / 1024;
}

const visited = new Set();
collectInto(visited, entryKeys[0]);
if (homePageKey) collectInto(visited, homePageKey);
else console.warn('report-size: home-route chunk not found in the manifest; counting the entry only');

// The console: the entry, the route's stub and what the stub loads at once (the console chunk).
const consoleStubKey = Object.keys(manifest).find((key) => key.endsWith('src/app/pages/operator.tsx'));
let consoleKb = null;
if (consoleStubKey) {
  const consoleKeys = new Set();
  collectInto(consoleKeys, entryKeys[0]);
  collectInto(consoleKeys, consoleStubKey);
  for (const loaded of manifest[consoleStubKey].dynamicImports ?? []) collectInto(consoleKeys, loaded);
  consoleKb = gzipKb(consoleKeys);
  console.log(`operator_console_first_load_js_gzip_kb=${consoleKb.toFixed(1)}`);
}

const totalKb = gzipKb(visited);
console.log(`home_first_load_js_gzip_kb=${totalKb.toFixed(1)}`);
if (consoleKb !== null && consoleKb > consoleBudgetKb) {
  console.error(
    `Operator console first-load JavaScript is ${consoleKb.toFixed(1)} KB gzipped, over the ${consoleBudgetKb} KB budget.`,
  );
  process.exit(1);
}
if (totalKb > budgetKb) {
  console.error(
    `Home first-load JavaScript is ${totalKb.toFixed(1)} KB gzipped, over the ${budgetKb} KB budget.`,
  );
  process.exit(1);
}
