import autocannon from 'autocannon';

/** One autocannon setting for every measurement of a benchmark, so the figures are comparable. */
export interface LoadSettings {
  connections: number;
  pipelining: number;
  durationSeconds: number;
  headers: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Runs autocannon in this process (the server under test runs in another) and returns its figures. */
export async function measure(url: string, settings: LoadSettings): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: settings.durationSeconds,
    headers: settings.headers,
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** A throughput figure means nothing if some answers were errors: any non-2xx or socket error fails. */
export function assertAllSucceeded(label: string, result: LoadResult): void {
  if (result.requests === 0 || result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${label}: ${result.requests} requests, ${result.non2xx} non-2xx, ${result.errors} errors, ` +
        `${result.timeouts} timeouts; the measurement is invalid`,
    );
  }
}

/** `status rps=12345 p50=3ms p99=9ms` */
export function describe(label: string, result: LoadResult): string {
  return (
    `${label} rps=${Math.round(result.requestsPerSecond)} ` +
    `p50=${result.latencyP50Ms}ms p99=${result.latencyP99Ms}ms requests=${result.requests}`
  );
}
