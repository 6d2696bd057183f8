import { assertAllSucceeded, describe, measure, type LoadResult, type LoadSettings } from './load';
import { stopAllChildren } from './child';
import { startHello, startPortal, type BenchServer } from './servers';

/**
 * The throughput benchmarks' shared procedure: 50 connections for BENCH_DURATION_SECONDS, a discarded
 * warm-up per target, BENCH_ROUNDS rounds whose ratios are taken as a median.
 */
export const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const settings: LoadSettings = {
  connections: 50,
  pipelining: 1,
  durationSeconds,
  // The demo merchant is resolved by host; the same header goes to the baseline so requests match.
  headers: { host: 'localhost' },
};
const warmUpSettings: LoadSettings = { ...settings, durationSeconds: 2 };

export async function measured(label: string, url: string): Promise<LoadResult> {
  const result = await measure(url, settings);
  assertAllSucceeded(label, result);
  console.log(describe(label, result));
  return result;
}

/** A discarded short run per target, so JIT compilation and connection set-up are not measured. */
export async function warmUp(label: string, url: string): Promise<void> {
  assertAllSucceeded(`${label} warm-up`, await measure(url, warmUpSettings));
}

export const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The main of a benchmark against hello-world: starts the bare Fastify hello server and the portal,
 * runs `compare` on them, prints its summary line (the last line, which bench/run.mjs reports) and
 * stops both, also on Ctrl-C.
 */
export function runAgainstHello(
  name: string,
  compare: (hello: BenchServer, portal: BenchServer) => Promise<string>,
): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stopAllChildren().finally(() => process.exit(130)));
  }
  const main = async () => {
    let hello: BenchServer | undefined;
    let portal: BenchServer | undefined;
    try {
      hello = await startHello();
      portal = await startPortal(name);
      console.log(
        `servers ready: hello ${hello.baseUrl}, portal ${portal.baseUrl}; ${durationSeconds} s per run`,
      );
      console.log(await compare(hello, portal));
    } finally {
      await Promise.all([hello?.stop(), portal?.stop()]);
    }
  };
  main().catch((error: unknown) => {
    console.error(`${name}.bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
