import { measured, median, rounds, runAgainstHello, warmUp } from './lib/rounds';
import type { BenchServer } from './lib/servers';

/**
 * Configuration reads on the real portal process (`GET /wps/system/status` and `/wps/system/whitelabel`,
 * served from the in-memory merchant snapshot) as a fraction of bare Fastify hello-world throughput,
 * measured in the same run. Measurements run one at a time, in rounds (see compare).
 */

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

runAgainstHello('config', compare);
