import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOperatorCli } from '../cli/operator-cli';
import { startPaymentsKit, type PaymentsKit } from './payments-kit';

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
      {
        PORTAL_URL: baseUrl,
        OPERATOR_USER: 'admin',
        OPERATOR_PASSWORD: 'Admin1234',
        PORTAL_MERCHANT: 'demo',
      },
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
