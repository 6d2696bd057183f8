import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import type { ContractPolicy } from '@portal/contracts';
import { Secret, TOTP } from 'otpauth';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { balanceOf, fund, loggedInMember, requestId, type PaymentsKit } from '../test/payments-kit';
import { buildMember } from '../test/factories';
import { startCliKit } from '../test/operator-cli-kit';
import { freePort } from '../lib/process';
import { portalAddress, runOperatorCli } from './operator-cli';

let kit: PaymentsKit;
let baseUrl: string;
let cli: Awaited<ReturnType<typeof startCliKit>>['cli'];

beforeAll(async () => {
  ({ kit, baseUrl, cli } = await startCliKit());
});
afterAll(async () => kit.close());

describe('npm run operator', () => {
  it('lists, approves and rejects deposits over HTTP', async () => {
    const member = await loggedInMember(kit);
    const channels = (await kit.call('GET', '/wps/payments/channels', { token: member.token })).body.value;
    const channelId = channels[0].id as number;
    const create = (amount: string) =>
      kit.call('POST', '/wps/payments/deposits', {
        token: member.token,
        body: { channelId, amount, reference: 'REF-1', clientRequestId: requestId() },
      });
    const first = (await create('700.00')).body.value.id as string;
    const second = (await create('800.00')).body.value.id as string;

    const list = await cli('deposits', '--status', 'pending');
    expect(list.code).toBe(0);
    expect(list.out).toContain('700.00');
    expect(list.out).toContain(member.username);

    expect(await cli('approve-deposit', first)).toMatchObject({
      code: 0,
      out: `deposit ${first}: approved\n`,
    });
    expect((await cli('approve-deposit', first)).out).toBe(`deposit ${first}: approved (already)\n`);
    expect(await cli('reject-deposit', second, '--reason', 'not on the statement')).toMatchObject({
      code: 0,
      out: `deposit ${second}: rejected\n`,
    });
    const refused = await cli('approve-deposit', second);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('already_decided');
    expect(await balanceOf(kit, member.token)).toBe('700.00');

    const json = await cli('deposits', '--json');
    expect(JSON.parse(json.out).total).toBe(2);
  });

  it('pays out and rejects withdrawals, and returns a missing part', async () => {
    const member = await loggedInMember(kit);
    await fund(kit, member.memberId, 100_000n);
    await kit.call('POST', '/wps/member/payment-password', {
      token: member.token,
      body: { password: '246810' },
    });
    const account = await kit.call('POST', '/wps/member/bank-accounts', {
      token: member.token,
      body: { bankName: 'KTB', accountNumber: '1231231231', holderName: 'Anan', paymentPassword: '246810' },
    });
    const withdraw = async () =>
      (
        await kit.call('POST', '/wps/payments/withdrawals', {
          token: member.token,
          body: {
            bankAccountId: account.body.value.id,
            amount: '200.00',
            paymentPassword: '246810',
            clientRequestId: requestId(),
          },
        })
      ).body.value.withdrawal.id as string;
    const paid = await withdraw();
    const rejected = await withdraw();

    const pending = await cli('withdrawals', '--status', 'pending');
    expect(pending.out).toContain('1231231231');
    expect((await cli('approve-withdrawal', paid)).out).toBe(`withdrawal ${paid}: disbursed\n`);
    expect((await cli('reject-withdrawal', rejected, '--reason', 'KYC')).out).toBe(
      `withdrawal ${rejected}: rejected\n`,
    );
    expect(await balanceOf(kit, member.token)).toBe('800.00');

    await kit.call('POST', `/wps/payments/withdrawals/${paid}/confirm`, {
      token: member.token,
      body: { outcome: 'partially_received', remainder: '50.00' },
    });
    expect((await cli('withdrawals', '--status', 'partially_received')).out).toContain('missing=50.00');
    expect((await cli('return-withdrawal', paid)).out).toBe(`withdrawal ${paid}: returned\n`);
    expect(await balanceOf(kit, member.token)).toBe('850.00');
  });

  it('prints player text with its control characters escaped, in tables and in --json', async () => {
    // Written straight into the rows, so this proves the CLI's own defence whatever the API accepts.
    const { db } = kit.testApp.database;
    const hostile = 'REF\x1b[2K\x1b[1G\x1b[32mAPPROVED-BY-BANK';
    const member = await buildMember(db, { username: `p\x1b[31m${process.pid}\u202e` });
    const channel = await db
      .selectFrom('payment_channels')
      .select('id')
      .where('merchant_id', '=', kit.merchantId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('deposits')
      .values({
        merchant_id: kit.merchantId,
        member_id: member.id,
        channel_id: channel.id,
        currency: 'THB',
        amount_minor: 12_345n,
        reference: `${hostile}\n     1  approved\u009b\u2028`,
        client_request_id: requestId(),
        request_hash: 'raw-row',
      })
      .execute();

    const list = await cli('deposits', '--status', 'pending');
    expect(list.code, list.err).toBe(0);
    // eslint-disable-next-line no-control-regex -- no raw control character may be printed
    expect(list.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u202e]/u);
    const row = list.out.split('\n').find((line) => line.includes('123.45'))!;
    expect(row).toContain(
      'ref=REF\\u001b[2K\\u001b[1G\\u001b[32mAPPROVED-BY-BANK\\u000a     1  approved\\u009b',
    );
    expect(row).toContain('p\\u001b[31m');
    expect(row).toContain('\\u202e');

    // --json stays valid JSON carrying the same values, with the C1 and bidi characters visible too.
    const json = await cli('deposits', '--status', 'pending', '--json');
    // eslint-disable-next-line no-control-regex -- no raw control character may be printed
    expect(json.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u202e]/u);
    const item = (JSON.parse(json.out) as { items: { reference: string }[] }).items.find((deposit) =>
      deposit.reference.startsWith('REF'),
    )!;
    expect(item.reference).toBe(`${hostile}\n     1  approved\u009b\u2028`);
  });

  it('logs in with the authenticator code when the operator enrolled one, and lists security alerts', async () => {
    const { createOperator } = await import('../modules/operators');
    await createOperator(kit.testApp.database.db, {
      merchantId: kit.merchantId,
      username: 'cli-totp',
      password: 'Totp12345',
      role: 'owner',
    });
    const secret = new Secret({ size: 20 }).base32;
    await kit.testApp.database.db
      .updateTable('operators')
      .set({ totp_secret: secret, totp_enabled: true })
      .where('username_key', '=', 'cli-totp')
      .execute();
    const as = (...argv: string[]) => cli(...argv, '--user', 'cli-totp', '--password', 'Totp12345');
    const withoutCode = await as('alerts');
    expect(withoutCode.code).toBe(1);
    expect(withoutCode.err).toContain('invalid_credentials');
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const alerts = await as('alerts', '--otp', code);
    expect(alerts.code).toBe(0);
    expect(alerts.out.trim()).toBe('(none)');
  });

  it('reads and sets the contract policy from a file, and refuses a bad one whole', async () => {
    const shown = await cli('contract-policy');
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/^realtimeSalary +(on|off) +top rate /m);
    const policy = JSON.parse((await cli('contract-policy', '--json')).out) as ContractPolicy;
    const file = path.join(os.tmpdir(), `policy-${process.pid}.json`);
    const changed = { ...policy, realtimeSalary: { enabled: true, maxRate: '0.45' } };
    await writeFile(file, JSON.stringify(changed));
    const set = await cli('set-contract-policy', '--file', file);
    expect(set.code).toBe(0);
    expect(set.out).toMatch(/^realtimeSalary +on {3}top rate 0.45%$/m);
    expect(set.out).toMatch(/^dividend .* period \w+, bonuses (not )?deducted, admin fee [\d.]+%$/m);

    await writeFile(file, JSON.stringify({ ...changed, realtimeSalary: { enabled: true, maxRate: '101' } }));
    const refused = await cli('set-contract-policy', '--file', file);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('validation_failed');
    expect(JSON.parse((await cli('contract-policy', '--json')).out)).toEqual(changed);
    expect((await cli('set-contract-policy')).code).toBe(2);
  });

  it('creates and closes activities from a file and works the claims queue', async () => {
    const file = path.join(os.tmpdir(), `activity-${process.pid}.json`);
    await writeFile(
      file,
      JSON.stringify({
        title: 'CLI contact bonus',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        rules: { kind: 'social_contact', amount: '15.00' },
      }),
    );
    const created = await cli('create-activity', '--file', file);
    expect(created.code).toBe(0);
    const id = /^ *(\d+) +social_contact +open /.exec(created.out)![1]!;
    const member = await loggedInMember(kit);
    const claim = await kit.call('POST', `/wps/rewards/activities/${id}/claim`, {
      token: member.token,
      body: { contact: { app: 'zalo', id: 'cli.player' } },
    });
    expect(claim.body.value.status).toBe('applying');
    const queue = await cli('reward-claims', '--status', 'applying');
    const row = queue.out.split('\n').find((line) => line.includes('zalo:cli.player'))!;
    expect(row).toMatch(/applying +15\.00/);
    const claimId = row.trim().split(/ +/)[0]!;
    const approved = await cli('approve-claim', claimId);
    expect(approved.out).toMatch(/issued +15\.00/);
    expect((await cli('approve-claim', claimId)).out).toContain('(already decided so)');
    expect((await cli('reject-claim', claimId)).err).toContain('claim_decided');
    expect((await cli('activities')).out).toMatch(
      new RegExp(`^ *${id} +social_contact +open .* claims 1 +paid 15\\.00`, 'm'),
    );
    expect((await cli('close-activity', id)).out).toMatch(/social_contact +closed/);
    expect((await cli('close-activity', 'x')).code).toBe(2);
    expect((await cli('reward-claims', '--status', 'paid')).code).toBe(2);
  });

  it('answers usage mistakes with exit code 2 before any network call, and failures with 1', async () => {
    expect((await cli('help')).out).toContain('approve-deposit <id>');
    expect((await cli()).code).toBe(0);
    expect((await cli('approve-deposit')).code).toBe(2);
    expect((await cli('approve-deposit', 'abc')).code).toBe(2);
    expect((await cli('reject-withdrawal', '5')).err).toContain('--reason');
    expect((await cli('deposits', '--status', 'lost')).code).toBe(2);
    expect((await cli('deposits', '--colour', 'red')).code).toBe(2);
    expect((await cli('launch-rockets')).code).toBe(2);

    const wrongPassword = await runOperatorCli(
      ['deposits', '--url', baseUrl, '--user', 'admin', '--password', 'wrong'],
      {},
      { out: () => undefined, err: () => undefined, fetch: (input, init) => fetch(input, init) },
    );
    expect(wrongPassword).toBe(1);
    const noCredentials = await runOperatorCli(
      ['deposits'],
      {},
      { out: () => undefined, err: () => undefined, fetch },
    );
    expect(noCredentials).toBe(2);
    const unreachable = await runOperatorCli(
      ['deposits', '--url', 'http://127.0.0.1:9', '--user', 'a', '--password', 'b'],
      {},
      { out: () => undefined, err: () => undefined, fetch: (input, init) => fetch(input, init) },
    );
    expect(unreachable).toBe(1);
    // Without --url or PORTAL_URL the CLI asks the server's PORT, and says which address it tried.
    const tried: string[] = [];
    let said = '';
    const closedPort = await freePort();
    const byPort = await runOperatorCli(
      ['deposits', '--user', 'a', '--password', 'b'],
      { PORT: String(closedPort) },
      {
        out: () => undefined,
        err: (text) => (said += text),
        fetch: (input, init) => {
          const url = input instanceof Request ? input.url : input.toString();
          tried.push(url);
          return fetch(url.replace('localhost', '127.0.0.1'), init);
        },
      },
    );
    expect(byPort).toBe(1);
    expect(tried[0]).toMatch(new RegExp(`^http://localhost:${closedPort}/`));
    expect(said).toContain(
      `cannot reach the portal at http://localhost:${closedPort} (from the server's PORT)`,
    );
    expect(said).toContain('ECONNREFUSED');
    expect(portalAddress(undefined, {})).toEqual({
      baseUrl: 'http://localhost:8080',
      source: 'the default port, PORT unset',
    });
    expect(portalAddress(undefined, { PORTAL_URL: 'https://portal.example/', PORT: '3000' }).baseUrl).toBe(
      'https://portal.example',
    );
  });

  it('runs as npm run operator does (a separate process)', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/cli.ts'), 'nope'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('unknown command nope');
    const help = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/cli.ts'), 'help'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: npm run operator');
  });
});
