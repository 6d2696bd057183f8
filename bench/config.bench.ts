import { stopAllChildren } from './lib/child';
import { assertAllSucceeded, describe, measure, type LoadResult, type LoadSettings } from './lib/load';
import { startHello, startPortal, type BenchServer } from './lib/servers';

/**
 * Configuration reads on the real portal process (`GET /wps/system/status` and `/wps/system/whitelabel`,
 * served from the in-memory merchant snapshot) as a fraction of bare Fastify hello-world throughput,
 * measured in the same run. Measurements run one at a time, in rounds (see compare).
 */

const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const settings: LoadSettings = {
  connections: 50,
  pipelining: 1,
  durationSeconds,
  // The demo merchant is resolved by host; the same header goes to the baseline so requests match.
  headers: { host: 'localhost' },
};
const warmUpSettings: LoadSettings = { ...settings, durationSeconds: 2 };

async function measured(label: string, url: string): Promise<LoadResult> {
  const result = await measure(url, settings);
  assertAllSucceeded(label, result);
  console.log(describe(label, result));
  return result;
}

/** A discarded short run per target, so JIT compilation and connection set-up are not measured. */
async function warmUp(label: string, url: string): Promise<void> {
  assertAllSucceeded(`${label} warm-up`, await measure(url, warmUpSettings));
}

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Rounds of hello, status, whitelabel back to back; each round gives its own ratio against the hello
 * run just before, and the figure is the median over rounds, so a noisy neighbour during one run moves
 * one round, not the result.
 */
async function compare(hello: BenchServer, portal: BenchServer): Promise<string> {
  const helloUrl = `${hello.baseUrl}/`;
  const statusUrl = `${portal.baseUrl}/wps/system/status`;
  const whitelabelUrl = `${portal.baseUrl}/wps/system/whitelabel`;
  await warmUp('hello', helloUrl);
  await warmUp('status', statusUrl);
  await warmUp('whitelabel', whitelabelUrl);

  const ratios: number[] = [];
  const helloRates: number[] = [];
  const statusRates: number[] = [];
  const whitelabelRates: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const helloRun = await measured(`round ${round} hello`, helloUrl);
    const status = await measured(`round ${round} status`, statusUrl);
    const whitelabel = await measured(`round ${round} whitelabel`, whitelabelUrl);
    helloRates.push(helloRun.requestsPerSecond);
    statusRates.push(status.requestsPerSecond);
    whitelabelRates.push(whitelabel.requestsPerSecond);
    ratios.push(
      Math.min(status.requestsPerSecond, whitelabel.requestsPerSecond) / helloRun.requestsPerSecond,
    );
  }
  console.log(`round ratios: ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')}`);
  return (
    `config_vs_hello=${median(ratios).toFixed(2)} status_rps=${Math.round(median(statusRates))} ` +
    `whitelabel_rps=${Math.round(median(whitelabelRates))} hello_rps=${Math.round(median(helloRates))}`
  );
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stopAllChildren().finally(() => process.exit(130)));
  }
  let hello: BenchServer | undefined;
  let portal: BenchServer | undefined;
  try {
    hello = await startHello();
    portal = await startPortal('config');
    console.log(
      `servers ready: hello ${hello.baseUrl}, portal ${portal.baseUrl}; ${durationSeconds} s per run`,
    );
    const summary = await compare(hello, portal);
    console.log(summary);
  } finally {
    await Promise.all([hello?.stop(), portal?.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(`config.bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
