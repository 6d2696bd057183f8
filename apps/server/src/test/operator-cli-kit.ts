import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOperatorCli } from '../cli/operator-cli';
import { authenticatorCode, enrolledSecretOf } from './operator-login';
import { operatorToken, startPaymentsKit, type PaymentsKit } from './payments-kit';

/**
 * The CLI's credentials of the demo owner: user, password and the authenticator code of this moment
 * (OPERATOR_OTP). The owner enrols through the API the first time (test/operator-login.ts).
 */
export async function demoOperatorEnvironment(kit: PaymentsKit): Promise<Record<string, string>> {
  const enrolled = () => enrolledSecretOf(kit.testApp.database.db, kit.merchantId, 'admin');
  // Enrols once; later calls only compute the code (each login counts against the login rate limit).
  const secret = (await enrolled()) ?? (await operatorToken(kit).then(enrolled));
  if (!secret) throw new Error('the demo owner has no authenticator');
  return {
    OPERATOR_USER: 'admin',
    OPERATOR_PASSWORD: 'Admin1234',
    OPERATOR_OTP: authenticatorCode(secret),
  };
}

/**
 * The operator CLI's tests: a payments kit listening on a free port, and `cli(...argv)` running
 * `npm run operator` in this process against it over real HTTP as the demo admin. Each test file gets its
 * own server, so its logins count against its own login rate limit. `jsonFile` writes a command's --file
 * into a temporary folder that `close` removes with the server.
 */
export async function startCliKit(): Promise<{
  kit: PaymentsKit;
  baseUrl: string;
  jsonFile: (name: string, body: unknown) => string;
  close: () => Promise<void>;
  cli: (...argv: string[]) => Promise<{ code: number; out: string; err: string }>;
}> {
  const kit = await startPaymentsKit();
  await kit.testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = kit.testApp.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const cli = async (...argv: string[]) => {
    let out = '';
    let err = '';
    const code = await runOperatorCli(
      argv,
      { PORTAL_URL: baseUrl, PORTAL_MERCHANT: 'demo', ...(await demoOperatorEnvironment(kit)) },
      {
        out: (text) => (out += text),
        err: (text) => (err += text),
        fetch: (input, init) => fetch(input, init),
      },
    );
    return { code, out, err };
  };
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-cli-'));
  const jsonFile = (name: string, body: unknown) => {
    const file = path.join(directory, name);
    fs.writeFileSync(file, JSON.stringify(body));
    return file;
  };
  const close = async () => {
    fs.rmSync(directory, { recursive: true, force: true });
    await kit.close();
  };
  return { kit, baseUrl, cli, jsonFile, close };
}
