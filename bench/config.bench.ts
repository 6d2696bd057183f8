import { stopAllChildren } from './lib/child';
import { assertAllSucceeded, describe, measure, type LoadResult, type LoadSettings } from './lib/load';
import { startHello, startPortal, type BenchServer } from './lib/servers';

/**
 * Configuration reads on the real portal process (`GET /wps/system/status` and `/wps/system/whitelabel`,
 * served from the in-memory merchant snapshot) as a fraction of bare Fastify hello-world throughput,
 * measured in the same run. Measurements run one at a time, interleaved hello, status, whitelabel, hello,
 * so drift (thermal, neighbours) hits the baseline on both sides.
 */

const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? 8);
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

async function compare(hello: BenchServer, portal: BenchServer): Promise<string> {
  const helloUrl = `${hello.baseUrl}/`;
  const statusUrl = `${portal.baseUrl}/wps/system/status`;
  const whitelabelUrl = `${portal.baseUrl}/wps/system/whitelabel`;
  await warmUp('hello', helloUrl);
  await warmUp('status', statusUrl);
  await warmUp('whitelabel', whitelabelUrl);

  const helloFirst = await measured('hello', helloUrl);
  const status = await measured('status', statusUrl);
  const whitelabel = await measured('whitelabel', whitelabelUrl);
  const helloSecond = await measured('hello', helloUrl);

  const helloRps = (helloFirst.requestsPerSecond + helloSecond.requestsPerSecond) / 2;
  const ratio = Math.min(status.requestsPerSecond, whitelabel.requestsPerSecond) / helloRps;
  return (
    `config_vs_hello=${ratio.toFixed(2)} status_rps=${Math.round(status.requestsPerSecond)} ` +
    `whitelabel_rps=${Math.round(whitelabel.requestsPerSecond)} hello_rps=${Math.round(helloRps)}`
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
