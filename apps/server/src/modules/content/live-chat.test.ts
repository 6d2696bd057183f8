import { createDecipheriv, createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInMember, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';

const secret = 'live-chat-provider-shared-secret-0123456789';
let kit: PaymentsKit;

beforeAll(async () => {
  kit = await startPaymentsKit({ LIVECHAT_SECRET: secret });
});
afterAll(async () => kit.close());

/** What the chat provider does with the ctx parameter. */
function decrypt(token: string) {
  const raw = Buffer.from(token, 'base64url');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    createHash('sha256').update(secret).digest(),
    raw.subarray(0, 12),
  );
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(
    Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'),
  ) as {
    merchant: string;
    member: string | null;
    issuedAt: number;
  };
}

describe('GET /wps/relay/livechat_open', () => {
  it('opens the entry with the caller encrypted into the address (member or visitor)', async () => {
    const info = (await kit.call('GET', '/wps/system/permission')).body.value.info;
    const chat = info.customerService.find((entry: { path: string }) => entry.path.startsWith('https://'));
    const mail = info.customerService.find((entry: { path: string }) => entry.path.startsWith('mailto:'));
    const member = await loggedInMember(kit);
    const opened = await kit.call('GET', `/wps/relay/livechat_open?id=${chat.id}`, { token: member.token });
    const url = new URL(opened.body.value.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(chat.path);
    expect(url.search).not.toContain(member.username);
    expect(decrypt(url.searchParams.get('ctx')!)).toMatchObject({
      merchant: 'demo',
      member: member.username,
    });
    const visitor = new URL((await kit.call('GET', `/wps/relay/livechat_open?id=${chat.id}`)).body.value.url);
    expect(decrypt(visitor.searchParams.get('ctx')!).member).toBeNull();
    // A forged or altered token does not decrypt.
    const forged = `${url.searchParams.get('ctx')!.slice(0, -2)}AA`;
    expect(() => decrypt(forged)).toThrow();
    expect((await kit.call('GET', `/wps/relay/livechat_open?id=${mail.id}`)).body.value.url).toBe(mail.path);
    expect((await kit.call('GET', '/wps/relay/livechat_open?id=99999')).status).toBe(404);
  });
});
