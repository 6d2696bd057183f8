import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where Debian's package puts HAProxy; PATH is searched too. */
const knownPaths = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'];
const startTimeoutMs = 10_000;

/** The HAProxy binary, or undefined when it is not installed (`apt-get install -y haproxy`). */
export function haproxyPath(): string | undefined {
  const found = knownPaths.find((candidate) => fs.existsSync(candidate));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  const onPath = which.stdout.trim();
  return which.status === 0 && onPath ? onPath : undefined;
}

export interface ProxyBackend {
  /** Server name in HAProxy's configuration and logs (letters, digits, dash). */
  name: string;
  port: number;
}

/**
 * The configuration (decision 0051): HTTP mode, each request to the next instance in turn (round robin,
 * keep-alive connections included), health checks on /readyz every 500 ms (down after 2 misses), and a
 * request whose connection an instance refuses is tried once more on another instance (redispatch). A
 * request an instance accepted and then lost is not replayed by the proxy: it answers 502 and the caller
 * retries with the same idempotency key. WebSockets (the push channel) pass through as tunnels.
 */
export function haproxyConfig(port: number, backends: ProxyBackend[]): string {
  return [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  option http-keep-alive',
    '  option redispatch 1',
    '  retries 2',
    '  retry-on conn-failure',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    '',
    'frontend portal',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2',
    ...backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port} check`),
    '',
  ].join('\n');
}

export interface RunningProxy {
  url: string;
  configPath: string;
  child: ChildProcess;
  /** Stops HAProxy and removes its temporary directory. */
  stop(): Promise<void>;
}

/** Resolves once something accepts connections on the loopback port. */
async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`haproxy exited early:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`haproxy did not listen on ${port} within ${startTimeoutMs} ms:\n${output()}`);
}

/** Writes haproxy.cfg into a new temporary directory and runs HAProxy in the foreground on it. */
export async function startHaproxy(port: number, backends: ProxyBackend[]): Promise<RunningProxy> {
  const binary = haproxyPath();
  if (!binary) throw new Error('haproxy is not installed (Debian: apt-get install -y haproxy)');
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-haproxy-'));
  const configPath = path.join(directory, 'haproxy.cfg');
  fs.writeFileSync(configPath, haproxyConfig(port, backends));
  // -db: stay in the foreground, so the process is the proxy and a signal to it stops it.
  const child = spawn(binary, ['-db', '-f', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(directory, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, configPath, child, stop };
}
