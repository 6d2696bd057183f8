import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operatorToken, solvedCaptcha } from '../../test/content-kit';
import { loggedInMember, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';

let kit: PaymentsKit;
let ops: string;

beforeAll(async () => {
  // Trusting the proxy lets each test come from its own address (the route allows 10 sends a minute each).
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  ops = await operatorToken(kit);
});
afterAll(async () => kit.close());

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 9)]);
const description = 'The deposit I made at noon has not arrived yet.';

let address = 0;
let currentIp = '203.0.113.1';
beforeEach(() => {
  address += 1;
  currentIp = `203.0.113.${address}`;
});

async function submit(body: Record<string, unknown>, token?: string) {
  return kit.call('PUT', '/wps/feedback', { body, ip: currentIp, ...(token ? { token } : {}) });
}

describe('PUT /wps/feedback', () => {
  it('names every empty field, joined by commas, followed by "is empty"', async () => {
    const empty = await submit({});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 'feedback_fields_empty',
      message: 'type, content, sender, captcha is empty',
      value: { fields: ['type', 'content', 'sender', 'captcha'] },
    });
    const member = await loggedInMember(kit);
    const partly = await submit({ type: 1, content: '   ' }, member.token);
    expect(partly.body.message).toBe('content, captcha is empty');
  });

  it('checks type, length, images and captcha before storing anything', async () => {
    const captcha = await solvedCaptcha(kit);
    const base = { type: 1, content: description, sender: 'visitor@example.com', ...captcha };
    expect((await submit({ ...base, type: 5 })).body.code).toBe('feedback_type_invalid');
    expect((await submit({ ...base, content: 'too short' })).body.code).toBe('feedback_content_length');
    expect((await submit({ ...base, content: 'x'.repeat(201) })).body.code).toBe('feedback_content_length');
    const lying = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const named = await submit({ ...base, images: [png.toString('base64'), lying.toString('base64')] });
    expect(named.body).toMatchObject({ code: 'invalid_image', value: { index: 1 } });
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64');
    expect((await submit({ ...base, images: [gif] })).body.code).toBe('invalid_image');
    const four = Array.from({ length: 4 }, () => png.toString('base64'));
    expect((await submit({ ...base, images: four })).body.code).toBe('feedback_too_many_images');
    const oversize = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    const tooBig = await submit({ ...base, images: [oversize] });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('image_too_large');
    // None of the refusals used the captcha up or wrote a row.
    const rows = await kit.testApp.database.db.selectFrom('feedback').select('id').execute();
    expect(rows).toHaveLength(0);
    expect((await submit(base)).body.success).toBe(true);
    const wrong = await submit({ ...base, ...(await solvedCaptcha(kit)), captcha: 'WRONG' });
    expect(wrong.body.code).toBe('captcha_invalid');
  });

  it('stores feedback with images for the operator, who reads and handles it', async () => {
    const member = await loggedInMember(kit);
    const sent = await submit(
      {
        type: '2',
        content: `  ${description}  `,
        images: [png.toString('base64'), jpg.toString('base64'), png.toString('base64')],
        ...(await solvedCaptcha(kit)),
      },
      member.token,
    );
    expect(sent.body.success, JSON.stringify(sent.body)).toBe(true);
    const visitor = await submit({
      type: 0,
      content: description,
      sender: 'Somchai 0812345678',
      ...(await solvedCaptcha(kit)),
    });
    expect(visitor.body.success).toBe(true);

    const queue = await kit.call('GET', '/ops/feedback?status=new', { token: ops });
    expect(queue.body.value.total).toBe(3);
    const [newest, oldest] = queue.body.value.items;
    expect(newest).toMatchObject({ type: 0, sender: 'Somchai 0812345678', username: null, imageCount: 0 });
    expect(oldest).toMatchObject({
      type: 2,
      content: description,
      sender: member.username,
      username: member.username,
      imageCount: 3,
    });
    const image = await kit.testApp.app.inject({
      method: 'GET',
      url: `/ops/feedback/${oldest.id}/images/1`,
      headers: { host: 'localhost', authorization: `Bearer ${ops}` },
    });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(jpg)).toBe(true);
    const anonymous = await kit.testApp.app.inject({
      method: 'GET',
      url: `/ops/feedback/${oldest.id}/images/1`,
      headers: { host: 'localhost' },
    });
    expect(anonymous.statusCode).toBe(401);
    const handled = await kit.call('POST', `/ops/feedback/${oldest.id}/handle`, { token: ops });
    expect(handled.body.value.status).toBe('handled');
    expect((await kit.call('GET', '/ops/feedback?status=new', { token: ops })).body.value.total).toBe(2);
    // The captcha is single use.
    const captcha = await solvedCaptcha(kit);
    expect((await submit({ type: 3, content: description, sender: 's', ...captcha })).body.success).toBe(
      true,
    );
    expect((await submit({ type: 3, content: description, sender: 's', ...captcha })).body.code).toBe(
      'captcha_invalid',
    );
  });
});
