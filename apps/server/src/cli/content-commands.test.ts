import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInMember, startPaymentsKit, type PaymentsKit } from '../test/payments-kit';
import { demoOperatorEnvironment } from '../test/operator-cli-kit';
import { runOperatorCli } from './operator-cli';

let kit: PaymentsKit;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  kit = await startPaymentsKit();
  await kit.testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = kit.testApp.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-cli-'));
});
afterAll(async () => {
  await kit.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
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
}

function file(name: string, content: unknown): string {
  const target = path.join(dir, name);
  fs.writeFileSync(target, Buffer.isBuffer(content) ? content : JSON.stringify(content));
  return target;
}

describe('npm run operator: content', () => {
  it('creates, edits, publishes and unpublishes an announcement from JSON files', async () => {
    const created = await cli(
      'create-announcement',
      '--file',
      file('a.json', { contentType: 'PR', title: 'CLI promo', content: '<p>Hi<script>x</script></p>' }),
      '--json',
    );
    expect(created.code, created.err).toBe(0);
    const id = JSON.parse(created.out).id as string;
    expect(JSON.parse(created.out).content).toBe('<p>Hi</p>');
    const edited = await cli(
      'edit-announcement',
      id,
      '--file',
      file('b.json', { contentType: 'PR', title: 'CLI promo 2', content: '<p>Now</p>' }),
    );
    expect(edited.out).toContain('CLI promo 2');
    expect((await cli('publish-announcement', id)).out).toContain('published');
    const detail = await kit.call('GET', `/wps/relay/announcement_detail?id=${id}`);
    expect(detail.body.value.title).toBe('CLI promo 2');
    expect((await cli('announcements')).out).toContain('CLI promo 2');
    expect((await cli('unpublish-announcement', id)).out).toContain('draft');
    expect((await kit.call('GET', `/wps/relay/announcement_detail?id=${id}`)).status).toBe(404);
  });

  it('sends a targeted message, lists feedback and uploads an image', async () => {
    const member = await loggedInMember(kit);
    const sent = await cli(
      'send-message',
      '--file',
      file('m.json', {
        title: 'Hello',
        content: '<p>For you</p>',
        audience: 'members',
        usernames: [member.username],
      }),
      '--json',
    );
    const id = JSON.parse(sent.out).id as string;
    await cli('publish-message', id);
    const unread = await kit.call('GET', '/wps/relay/message_unreadCount', { token: member.token });
    expect(unread.body.value.messages).toBeGreaterThan(0);
    expect((await cli('feedback', '--status', 'new')).code).toBe(0);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(32),
    ]);
    const image = await cli('upload-image', '--image', file('x.png', png));
    expect(image.code, image.err).toBe(0);
    expect(image.out).toMatch(/^\/wps\/content\/images\/content\//);
  });

  it('prints feedback content and sender with their control characters escaped', async () => {
    // Written straight into the row, so this proves the CLI's own defence whatever the API accepts.
    await kit.testApp.database.db
      .insertInto('feedback')
      .values({
        merchant_id: kit.merchantId,
        member_id: null,
        type: 0,
        content: 'Slow\x1b[2K\x1b[1G\x1b[32mRESOLVED by support\r\n\u009b\u202eclosed',
        sender: 'guest\x1b]0;pwned\x07',
        image_keys: [],
        ip: null,
      })
      .execute();
    const list = await cli('feedback', '--status', 'new');
    expect(list.code, list.err).toBe(0);
    // eslint-disable-next-line no-control-regex -- no raw control character may be printed
    expect(list.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/u);
    expect(list.out).toContain(
      'guest\\u001b]0;pwned\\u0007: Slow\\u001b[2K\\u001b[1G\\u001b[32mRESOLVED by support\\u000d\\u000a\\u009b\\u202eclosed',
    );
  });

  it('adds, lists and removes a customer-service entry', async () => {
    const created = await cli(
      'create-service-entry',
      '--file',
      file('cs.json', { name: 'Night desk', path: 'https://chat.example/night' }),
      '--json',
    );
    expect(created.code, created.err).toBe(0);
    const id = String(JSON.parse(created.out).id);
    expect((await cli('service-entries')).out).toContain('Night desk https://chat.example/night');
    expect((await cli('delete-service-entry', id)).out).toBe(`delete-service-entry ${id}: done\n`);
    expect((await cli('service-entries')).out).not.toContain('Night desk');
  });

  it('refuses usage mistakes before logging in (exit 2) and reports refusals (exit 1)', async () => {
    expect((await cli('create-banner')).code).toBe(2);
    expect((await cli('publish-banner', 'abc')).code).toBe(2);
    expect((await cli('feedback', '--status', 'open')).code).toBe(2);
    const bad = await cli(
      'create-banner',
      '--file',
      file('bad.json', { url: 'javascript:alert(1)', linkageType: 'NONE', groupName: 'w_home', title: 't' }),
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('validation_failed');
    expect((await cli('create-help', '--file', path.join(dir, 'missing.json'))).code).toBe(2);
  });
});
