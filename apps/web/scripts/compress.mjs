#!/usr/bin/env node
// Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the build, once, at build time:
// the server sends the copy a browser accepts (@fastify/static preCompressed), so no request pays for
// compression and slow mobile connections download about a quarter of the bytes.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const compressible = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
const minimumBytes = 1024;

function* files(directory) {
  for (const name of readdirSync(directory)) {
    const file = join(directory, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else yield file;
  }
}

let written = 0;
for (const file of files(distDir)) {
  if (!compressible.has(extname(file))) continue;
  const content = readFileSync(file);
  if (content.length < minimumBytes) continue;
  const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = gzipSync(content, { level: 9 });
  // A copy that saves nothing is not worth a second file.
  if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
  written += 1;
}
console.log(`compressed ${written} files (.br and .gz)`);
