import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { repoRoot } from '../config';
import { freePort } from '../lib/process';
import { startHaproxy, type RunningProxy } from './haproxy';

/**
 * Several portal instances on one database behind HAProxy (issue 21, decision 0051): what
 * `npm run cluster` runs and what the cluster tests start. Each instance is the real server process
 * (`main.ts`), started one after another so that only the first migrates and seeds an empty database.
 */

const readyTimeoutMs = 90_000;
const maxOutputChars = 200_000;

export interface ClusterOptions {
  databaseUrl: string;
  /** Rate limits and the instances' pub/sub in Redis; unset: LISTEN/NOTIFY and per-instance limits. */
  redisUrl?: string | undefined;
  /** The proxy's port (0 or unset: a free one). */
  proxyPort?: number;
  /** Instance ids, one instance each (default a and b); the x-portal-instance header names them. */
  instanceIds?: string[];
  /**
   * Run the demo's vendor simulator in the first instance and point the others at it (one simulator,
   * one set of simulated vendor books). Off: no instance starts one (VENDOR_SIM=false).
   */
  simulator?: boolean;
  /** More environment for every instance (DATA_DIR, RATE_LIMIT_PER_MINUTE, ...). */
  environment?: Record<string, string>;
  /** Each instance's output lines, prefixed with its id (the script prints them). */
  onOutput?: (instanceId: string, text: string) => void;
}

export interface ClusterInstance {
  id: string;
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal) when the process ends. */
  exited: Promise<number | null>;
  output(): string;
}

export interface RunningCluster {
  proxyUrl: string;
  proxy: RunningProxy;
  instances: ClusterInstance[];
  /** Stops the proxy, then every instance still running (SIGTERM: in-flight requests finish). */
  stop(): Promise<void>;
}

/** The local Redis the development and CI machines run. */
export const localRedisUrl = 'redis://127.0.0.1:6379';

/** Whether a Redis server answers PING at the URL's address within a second. */
export function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    // A server with a password answers -NOAUTH: it is there, and ioredis will log in with the URL's.
    socket.on('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString())));
  });
}

function startInstance(
  id: string,
  port: number,
  environment: Record<string, string>,
  onOutput: ClusterOptions['onOutput'],
): ClusterInstance {
  // The instances choose their database from the cluster's options, never from the caller's own.
  const { DATABASE_URL: _callerDatabase, REDIS_URL: _callerRedis, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      LOG_LEVEL: 'warn',
      ...environment,
      PORT: String(port),
      HOST: '127.0.0.1',
      INSTANCE_ID: id,
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-maxOutputChars);
    onOutput?.(id, text);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { id, url: `http://127.0.0.1:${port}`, port, child, exited, output: () => output };
}

async function waitForReady(instance: ClusterInstance): Promise<void> {
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null) {
      throw new Error(`instance ${instance.id} exited while starting:\n${instance.output()}`);
    }
    const status = await fetch(`${instance.url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`instance ${instance.id} not ready within ${readyTimeoutMs} ms:\n${instance.output()}`);
}

async function stopInstance(instance: ClusterInstance): Promise<void> {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGTERM');
  await instance.exited;
}

/** Environment of the i-th instance: the shared parts, and who runs the vendor simulator. */
function instanceEnvironment(options: ClusterOptions, index: number, simulatorPort: number) {
  const environment: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    // Client addresses come from the proxy's X-Forwarded-For (it runs on loopback).
    TRUST_PROXY: '127.0.0.1',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.environment,
  };
  if (!options.simulator) environment.VENDOR_SIM = 'false';
  else if (index === 0)
    Object.assign(environment, { VENDOR_SIM: 'true', VENDOR_SIM_PORT: String(simulatorPort) });
  else environment.VENDOR_SIM_URL = `http://127.0.0.1:${simulatorPort}`;
  return environment;
}

/** Starts the instances one after another, then HAProxy in front of them. */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const ids = options.instanceIds ?? ['a', 'b'];
  const simulatorPort = await freePort();
  const instances: ClusterInstance[] = [];
  let proxy: RunningProxy | undefined;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(instances.map(stopInstance));
  };
  try {
    for (const [index, id] of ids.entries()) {
      const environment = instanceEnvironment(options, index, simulatorPort);
      const instance = startInstance(id, await freePort(), environment, options.onOutput);
      instances.push(instance);
      await waitForReady(instance);
    }
    const proxyPort = options.proxyPort || (await freePort());
    proxy = await startHaproxy(
      proxyPort,
      instances.map((instance) => ({ name: instance.id, port: instance.port })),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { proxyUrl: proxy.url, proxy, instances, stop };
}
