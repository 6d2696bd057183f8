/**
 * Per-request latency of one route: requests sent one after another (one in flight, keep-alive), each
 * timed from send to the last byte of the reply. Any answer but 200 fails the measurement.
 */

export interface LatencyTarget {
  label: string;
  url: string;
  headers: Record<string, string>;
}

export interface LatencyResult {
  p50Ms: number;
  p95Ms: number;
  requests: number;
}

/** The nearest-rank percentile of ascending values. */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

/** One GET, answered 200, or an error naming the target; resolves with the reply's text. */
export async function getOk(target: LatencyTarget): Promise<string> {
  const response = await fetch(target.url, { headers: target.headers });
  const body = await response.text();
  if (response.status !== 200) {
    throw new Error(`${target.label}: ${response.status} ${body.slice(0, 300)}; the measurement is invalid`);
  }
  return body;
}

/** `count` sequential requests; p50 and p95 of their latencies. */
export async function measureLatency(target: LatencyTarget, count: number): Promise<LatencyResult> {
  const durations: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await getOk(target);
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { p50Ms: percentile(durations, 0.5), p95Ms: percentile(durations, 0.95), requests: count };
}

export const ms = (value: number) => value.toFixed(1);
