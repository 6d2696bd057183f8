import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib/child';
import { findFreePort } from './lib/free-port';
import { median } from './lib/rounds';

/**
 * `npm start` of an installed checkout to the first 200 on `/`, against the start of a bare Fastify
 * hello-world process measured in the same run. The first start (which initialises PostgreSQL, migrates
 * and seeds) is reported apart; the figure is the median of the following starts on that data directory.
 */

const warmStarts = Number(process.env.BENCH_STARTS ?? 3);
const deadlineMs = 120_000;

async function timeToFirstOk(
  command: string,
  args: string[],
  environment: Record<string, string>,
  url: string,
) {
  const started = performance.now();
  // Its own process group, so the whole tree (npm, node, PostgreSQL's parent) gets the signal.
  // An external database of the caller's environment would skip the embedded start being measured.
  const { DATABASE_URL: _external, ...inherited } = process.env;
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...inherited, ...environment },
    detached: true,
    stdio: 'ignore',
  });
  try {
    while (performance.now() - started < deadlineMs) {
      if (child.exitCode !== null)
        throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
      try {
        if ((await fetch(url)).status === 200) return Math.round(performance.now() - started);
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no 200 from ${url} within ${deadlineMs} ms`);
  } finally {
    await stop(child);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

async function main(): Promise<void> {
  const dataDir = path.join(repoRoot, '.data', 'bench-startup');
  fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const port = await findFreePort();
    const environment = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await findFreePort()),
      LOG_LEVEL: 'warn',
    };
    const portalUrl = `http://127.0.0.1:${port}/`;
    const firstStart = await timeToFirstOk('npm', ['start', '--silent'], environment, portalUrl);
    console.log(`first start (initdb, migrate, seed): ${firstStart} ms`);
    const portalStarts: number[] = [];
    const helloStarts: number[] = [];
    for (let run = 1; run <= warmStarts; run += 1) {
      const helloPort = await findFreePort();
      helloStarts.push(
        await timeToFirstOk(
          process.execPath,
          ['--import', 'tsx', 'bench/lib/hello-server.ts'],
          { PORT: String(helloPort) },
          `http://127.0.0.1:${helloPort}/`,
        ),
      );
      portalStarts.push(await timeToFirstOk('npm', ['start', '--silent'], environment, portalUrl));
      console.log(`start ${run}: portal ${portalStarts.at(-1)} ms, hello ${helloStarts.at(-1)} ms`);
    }
    const portal = median(portalStarts);
    const hello = median(helloStarts);
    console.log(
      `start_to_first_200_ms=${portal} hello_start_ms=${hello} start_vs_hello=${(portal / hello).toFixed(1)} first_start_ms=${firstStart}`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`startup.bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
