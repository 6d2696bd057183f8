import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './lib/child';

/**
 * The money model test (apps/server/src/modules/wallet/money-model.test.ts) at bench size: 100,000 random
 * concurrent operations (CI runs 10,000) on its own embedded PostgreSQL. Any broken invariant fails the
 * test, so violations is 0 exactly when it passes. Last line:
 * model_operations=<n> violations=<0|1> seconds=<n>
 */
const operations = Number(process.env.BENCH_MODEL_OPERATIONS ?? 100_000);

function runModel(): Promise<{ code: number | null; output: string }> {
  // Its own embedded cluster, never the caller's DATABASE_URL.
  const { DATABASE_URL: _callerDatabase, ...inherited } = process.env;
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--project',
        'server',
        'apps/server/src/modules/wallet/money-model.test.ts',
      ],
      {
        cwd: repoRoot,
        env: {
          ...inherited,
          MONEY_MODEL_OPERATIONS: String(operations),
          TEST_DATA_DIR: path.join(repoRoot, '.data', 'bench-money-model'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('close', (code) => resolve({ code, output }));
  });
}

const started = performance.now();
const { code, output } = await runModel();
const seconds = (performance.now() - started) / 1000;
if (code !== 0) console.log(output.split('\n').slice(-40).join('\n'));
console.log(`model_operations=${operations} violations=${code === 0 ? 0 : 1} seconds=${seconds.toFixed(0)}`);
process.exit(code === 0 ? 0 : 1);
