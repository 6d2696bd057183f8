#!/usr/bin/env node
// Reports the home route's first-load JavaScript, gzipped: the entry chunk, the home page chunk and
// every chunk they import statically. Fails the build above the budget (150 KB gzipped).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const budgetKb = 150;
const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length !== 1) throw new Error(`Expected one entry chunk, found ${entryKeys.length}`);

// The home route's page module; when it is lazy its chunk (and its imports) load on first visit too.
const homePageKey = Object.keys(manifest).find((key) => key.endsWith('src/app/pages/home-route.tsx'));

const visited = new Set();
function collect(key) {
  if (visited.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Manifest has no chunk ${key}`);
  visited.add(key);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect(entryKeys[0]);
if (homePageKey) collect(homePageKey);
else console.warn('report-size: home-route chunk not found in the manifest; counting the entry only');

let totalBytes = 0;
for (const key of visited) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  totalBytes += gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
}

const totalKb = totalBytes / 1024;
console.log(`home_first_load_js_gzip_kb=${totalKb.toFixed(1)}`);
if (totalKb > budgetKb) {
  console.error(
    `Home first-load JavaScript is ${totalKb.toFixed(1)} KB gzipped, over the ${budgetKb} KB budget.`,
  );
  process.exit(1);
}
