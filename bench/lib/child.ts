import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so benchmarks do not depend on the working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const outputLinesKept = 60;
const stopTimeoutMs = 30_000;

/** A TypeScript program run as `node --import tsx <file>`, with the tail of its output kept for errors. */
export interface Child {
  name: string;
  pid: number;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  hasExited(): boolean;
  /** The last lines the process wrote, for failure messages. */
  outputTail(): string;
  /** SIGTERM, then SIGKILL if it has not ended after 30 s. Safe to call more than once. */
  stop(): Promise<void>;
}

const running = new Set<Child>();

function keepTail(child: ChildProcess, lines: string[]): void {
  const append = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > outputLinesKept) lines.splice(0, lines.length - outputLinesKept);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
}

/**
 * Starts `node --import tsx <file>` from the repository root with our environment plus `environment`
 * (an undefined value removes that variable).
 */
export function startTsChild(
  name: string,
  file: string,
  environment: Record<string, string | undefined>,
): Child {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(environment)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  // BENCH_PROFILE_DIR=<dir> writes a V8 CPU profile of every child to <dir> when it exits.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR]
    : [];
  const spawned = spawn(process.execPath, [...profile, '--import', 'tsx', file], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  keepTail(spawned, lines);
  let ended = false;
  const exited = new Promise<number | null>((resolve) => {
    spawned.once('exit', (code) => {
      ended = true;
      resolve(code);
    });
    spawned.once('error', (error) => {
      lines.push(`${name}: ${error.message}`);
      ended = true;
      resolve(null);
    });
  });
  if (spawned.pid === undefined) throw new Error(`${name}: could not start ${file}`);
  const child: Child = {
    name,
    pid: spawned.pid,
    exited,
    hasExited: () => ended,
    outputTail: () => lines.join('\n'),
    async stop() {
      running.delete(child);
      if (ended) return;
      spawned.kill('SIGTERM');
      const timer = setTimeout(() => spawned.kill('SIGKILL'), stopTimeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(child);
  return child;
}

/** Stops every child still running; benchmarks call it on Ctrl+C so no server outlives them. */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop()));
}

/** Polls `url` until it answers 200, failing early if the child exits first. */
export async function waitForOk(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.hasExited()) {
      throw new Error(`${child.name} exited before it was ready:\n${child.outputTail()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${child.name} was not ready at ${url} within ${timeoutMs} ms:\n${child.outputTail()}`);
}
