import pg from 'pg';
import type { PublicKey } from '@portal/contracts';
import { encryptFor } from '../apps/server/src/test/encrypt';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { stopAllChildren } from './lib/child';
import { startPortal, type BenchServer } from './lib/servers';

/**
 * Login cost and password-guessing resistance on the real portal process.
 * 1. Latency of a successful login (encrypted body, argon2id verification, session) against one
 *    argon2id hash with the same settings measured in this process: the floor a login cannot go under.
 * 2. 1,000 guesses at one account from one address by an attacker who solves every captcha (answers
 *    read from the database), the real password last: the lockout must let none through.
 */
const loginSamples = Number(process.env.BENCH_LOGINS ?? 60);
const guesses = Number(process.env.BENCH_GUESSES ?? 1000);

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

async function post(portal: BenchServer, path: string, body: unknown, ip: string) {
  const response = await fetch(`${portal.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'localhost', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code?: string } };
}

async function measureLogins(portal: BenchServer, key: PublicKey): Promise<number[]> {
  const durations: number[] = [];
  for (let index = 0; index < loginSamples; index += 1) {
    const body = encryptFor(key, { type: 'username', username: 'player1', password: 'Demo1234' });
    const started = performance.now();
    const result = await post(portal, '/wps/session/login', body, '198.51.100.1');
    durations.push(performance.now() - started);
    if (result.status !== 200) throw new Error(`login failed: ${JSON.stringify(result.body)}`);
  }
  return durations;
}

async function measureHashes(): Promise<number[]> {
  const durations: number[] = [];
  for (let index = 0; index < Math.min(loginSamples, 30); index += 1) {
    const started = performance.now();
    await hashPassword('Demo1234');
    durations.push(performance.now() - started);
  }
  return durations;
}

interface GuessOutcome {
  success: number;
  evaluated: number;
  refused: number;
  other: number;
}

async function guessPasswords(portal: BenchServer, key: PublicKey): Promise<GuessOutcome> {
  const database = new pg.Client({ connectionString: portal.databaseUrl });
  await database.connect();
  const outcome: GuessOutcome = { success: 0, evaluated: 0, refused: 0, other: 0 };
  try {
    for (let index = 0; index < guesses; index += 1) {
      const password = index === guesses - 1 ? 'Agent1234' : `guess-${index}`;
      const image = await fetch(`${portal.baseUrl}/wps/captcha`, {
        headers: { host: 'localhost', 'x-forwarded-for': '203.0.113.66' },
      });
      const captchaId = image.headers.get('x-captcha-id') ?? undefined;
      let captcha: string | undefined;
      if (captchaId) {
        const { rows } = await database.query<{ answer: string }>(
          'select answer from captchas where id = $1',
          [captchaId],
        );
        captcha = rows[0]?.answer;
      }
      const payload = { type: 'username', side: 'agent', username: 'agent1', password, captchaId, captcha };
      const result = await post(portal, '/wps/session/login', encryptFor(key, payload), '203.0.113.66');
      if (result.status === 200) outcome.success += 1;
      else if (result.body.code === 'invalid_credentials') outcome.evaluated += 1;
      else if (result.body.code === 'too_many_attempts') outcome.refused += 1;
      else outcome.other += 1;
    }
  } finally {
    await database.end();
  }
  return outcome;
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stopAllChildren().finally(() => process.exit(130)));
  }
  const portal = await startPortal('login');
  try {
    const key = (
      (await (
        await fetch(`${portal.baseUrl}/wps/system/publicKey`, { headers: { host: 'localhost' } })
      ).json()) as { value: PublicKey }
    ).value;
    await measureLogins(portal, key); // warm-up, discarded
    const logins = await measureLogins(portal, key);
    const hashes = await measureHashes();
    const loginP50 = percentile(logins, 0.5);
    const hashP50 = percentile(hashes, 0.5);
    console.log(
      `login p50=${loginP50.toFixed(1)}ms p99=${percentile(logins, 0.99).toFixed(1)}ms over ${logins.length}; argon2id hash p50=${hashP50.toFixed(1)}ms`,
    );
    const outcome = await guessPasswords(portal, key);
    console.log(
      `guesses=${guesses}: evaluated=${outcome.evaluated} refused_by_lockout=${outcome.refused} other=${outcome.other} success=${outcome.success}`,
    );
    console.log(
      `login_p50_ms=${loginP50.toFixed(1)} argon2_p50_ms=${hashP50.toFixed(1)} login_vs_argon2=${(loginP50 / hashP50).toFixed(2)} ` +
        `guess_success=${outcome.success} guesses_evaluated=${outcome.evaluated}`,
    );
  } finally {
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`login.bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
