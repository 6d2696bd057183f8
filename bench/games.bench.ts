import { measured, median, rounds, runAgainstHello, warmUp } from './lib/rounds';
import type { BenchServer } from './lib/servers';

/**
 * Game catalogue reads on the real portal process with the demo catalogue (`GET /wps/relay/games_list`, a
 * page of 20 RNG games, and `/lgw/games/game_menus`, both served from the in-memory catalogue snapshot
 * as cached JSON) as a fraction of bare Fastify hello-world throughput, measured in the same run.
 * Measurements run one at a time, in rounds (see compare). Target: games_vs_hello >= 0.5.
 */

/**
 * Rounds of hello, game list, game menus back to back; each round gives its own ratio against the hello
 * run just before, and the figure is the median over rounds, so a noisy neighbour during one run moves
 * one round, not the result.
 */
async function compare(hello: BenchServer, portal: BenchServer): Promise<string> {
  const helloUrl = `${hello.baseUrl}/`;
  const listUrl = `${portal.baseUrl}/wps/relay/games_list?clientType=3&platform=W&gameType=RNG&pageNo=1&pageSize=20&language=EN`;
  const menusUrl = `${portal.baseUrl}/lgw/games/game_menus?language=EN`;
  await warmUp('hello', helloUrl);
  await warmUp('game list', listUrl);
  await warmUp('game menus', menusUrl);

  const ratios: number[] = [];
  const helloRates: number[] = [];
  const listRates: number[] = [];
  const menusRates: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const helloRun = await measured(`round ${round} hello`, helloUrl);
    const list = await measured(`round ${round} game list`, listUrl);
    const menus = await measured(`round ${round} game menus`, menusUrl);
    helloRates.push(helloRun.requestsPerSecond);
    listRates.push(list.requestsPerSecond);
    menusRates.push(menus.requestsPerSecond);
    ratios.push(Math.min(list.requestsPerSecond, menus.requestsPerSecond) / helloRun.requestsPerSecond);
  }
  console.log(`round ratios: ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')}`);
  // The last line is the summary bench/run.mjs reports.
  console.log(
    `game_list_rps=${Math.round(median(listRates))} game_menus_rps=${Math.round(median(menusRates))} ` +
      `hello_rps=${Math.round(median(helloRates))}`,
  );
  const spread = Math.max(...ratios) - Math.min(...ratios);
  return (
    `games_vs_hello=${median(ratios).toFixed(2)} spread=${spread.toFixed(2)} ` +
    `rounds=${ratios.map((ratio) => ratio.toFixed(2)).join(',')}`
  );
}

runAgainstHello('games', compare);
