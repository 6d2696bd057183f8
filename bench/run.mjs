// Runs every bench/*.bench.ts one after another (never in parallel: they would share the CPU) as
// `node --import tsx <file>`, then prints each benchmark's last stdout line, which is its summary.
// Usage: npm run bench [-- <name filter>]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const filter = process.argv[2];

/** Benchmarks run only when named (`npm run bench -- soak`): the soak takes half an hour by default. */
const onRequestOnly = new Set(['soak.bench.ts']);

const files = fs
  .readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => (filter ? file.includes(filter) : !onRequestOnly.has(file)))
  .sort();

if (files.length === 0) {
  console.error(`bench: no benchmark in bench/ matches ${filter ? `"${filter}"` : '*.bench.ts'}`);
  process.exit(1);
}

/** Runs one benchmark, echoing its output live, and resolves with its exit code and last stdout line. */
function runBenchmark(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', file)], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      stdout += chunk.toString('utf8');
    });
    child.once('error', (error) => resolve({ code: 1, lastLine: error.message }));
    child.once('close', (code, signal) => {
      const lines = stdout.split('\n').filter((line) => line.trim() !== '');
      resolve({ code: code ?? (signal ? 1 : 0), lastLine: lines.at(-1) ?? '' });
    });
  });
}

const results = [];
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  console.log(`\n== ${name}`);
  const { code, lastLine } = await runBenchmark(file);
  results.push({ name, code, lastLine });
}

console.log('\n== summary');
for (const { name, code, lastLine } of results) {
  console.log(code === 0 ? `${name}: ${lastLine}` : `${name}: FAILED (exit ${code})`);
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
