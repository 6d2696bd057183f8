import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loggedInMember,
  operatorToken,
  startPaymentsKit,
  trialToken,
  type PaymentsKit,
} from '../../test/payments-kit';
import { rewardsClient } from '../../test/rewards-kit';

/**
 * Activity comments (issue 14, spec section 5): 140 characters, up to three PNG or JPEG images of 5 MB
 * checked by their bytes, only where the activity asks for them; a refused comment stores nothing; an
 * operator hides one from players.
 */
let kit: PaymentsKit;
let ops: string;

beforeAll(async () => {
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  ops = await operatorToken(kit);
});
afterAll(async () => kit.close());

const { createActivity } = rewardsClient(() => ({ kit, ops }), { startsAgoMs: 3_600_000 });
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 7),
]);
const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 9)]);
const signIn = { kind: 'sign_in' as const, amounts: ['1.00'] };

let address = 0;
/** Each write from its own address: comments are rate-limited per address. */
const post = (token: string, activityId: string, body: Record<string, unknown>) =>
  kit.call('POST', `/wps/rewards/activities/${activityId}/comments`, {
    token,
    body,
    ip: `198.51.100.${(address += 1) % 250}`,
  });
const list = (token: string, activityId: string) =>
  kit.call('GET', `/wps/rewards/activities/${activityId}/comments`, { token });
const storedComments = async () =>
  Number(
    (
      await kit.testApp.database.db
        .selectFrom('reward_activity_comments')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('activity comments', () => {
  it('takes 140 characters and three images, lists them newest first with masked names, serves the images', async () => {
    const activityId = await createActivity({ rules: signIn, allowComments: true });
    const { token } = await loggedInMember(kit, { username: `comment${address}x` });
    const center = await kit.call('GET', '/wps/rewards/activities', { token });
    const shown = center.body.value.activities.find((activity: { id: string }) => activity.id === activityId);
    expect(shown.allowComments).toBe(true);

    const text = `${'é'.repeat(139)}!`;
    const written = await post(token, activityId, {
      text: `  ${text}  `,
      images: [png.toString('base64'), jpg.toString('base64'), png.toString('base64')],
    });
    expect(written.body.success, JSON.stringify(written.body)).toBe(true);
    expect(written.body.value).toMatchObject({ text, mine: true });
    expect(written.body.value.player).toMatch(/^co\*\*\*x$/);
    expect(written.body.value.images).toHaveLength(3);
    await post(token, activityId, { text: 'Second, and newer' });

    const { token: other } = await loggedInMember(kit);
    const page = await list(other, activityId);
    expect(page.body.value.total).toBe(2);
    expect(page.body.value.items.map((item: { text: string }) => item.text)).toEqual([
      'Second, and newer',
      text,
    ]);
    expect(page.body.value.items.every((item: { mine: boolean }) => !item.mine)).toBe(true);

    const image = await kit.testApp.app.inject({
      method: 'GET',
      url: written.body.value.images[1],
      headers: { host: 'localhost' },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(jpg)).toBe(true);
    // Only comment images are served at that address.
    const elsewhere = await kit.testApp.app.inject({
      method: 'GET',
      url: written.body.value.images[0].replace('/comments/', '/deposits/'),
      headers: { host: 'localhost' },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses too long, empty, lying or oversized images, four images, and activities without comments, storing nothing', async () => {
    const activityId = await createActivity({ rules: signIn, allowComments: true });
    const quiet = await createActivity({ rules: signIn });
    const { token } = await loggedInMember(kit);
    const before = await storedComments();
    const refusals: Array<[Record<string, unknown>, string, string?]> = [
      [{ text: 'x'.repeat(141) }, 'comment_length'],
      [{ text: '   ' }, 'comment_length'],
      [
        { text: 'A picture', images: [png.toString('base64'), Buffer.from('<svg/>').toString('base64')] },
        'invalid_image',
      ],
      [
        { text: 'Four', images: Array.from({ length: 4 }, () => png.toString('base64')) },
        'comment_too_many_images',
      ],
      [
        { text: 'Big', images: [Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]).toString('base64')] },
        'image_too_large',
      ],
      [{ text: 'Nobody asked', images: [] }, 'activity_comments_off', quiet],
      [{ text: 'No such activity' }, 'activity_not_found', '999999999'],
      [{ images: [] }, 'validation_failed'],
    ];
    for (const [body, code, target] of refusals) {
      const reply = await post(token, target ?? activityId, body);
      expect(reply.body.code, JSON.stringify(body).slice(0, 80)).toBe(code);
    }
    expect(await storedComments()).toBe(before);
    expect((await list(token, activityId)).body.value.total).toBe(0);

    const trial = await trialToken(kit);
    expect((await post(trial, activityId, { text: 'Trial' })).body.code).toBe('in_need_true_account');
  });

  it('lets an operator list every comment and hide one from players, once', async () => {
    const activityId = await createActivity({ rules: signIn, allowComments: true });
    const { token } = await loggedInMember(kit);
    const written = await post(token, activityId, { text: 'Please hide me' });
    const id = written.body.value.id as string;

    const hidden = await kit.call('POST', `/ops/rewards/comments/${id}/hide`, { token: ops });
    expect(hidden.body.value.comment).toMatchObject({ id, hidden: true, activityId });
    const again = await kit.call('POST', `/ops/rewards/comments/${id}/hide`, { token: ops });
    expect(again.body.value.comment.hidden).toBe(true);
    expect((await kit.call('POST', '/ops/rewards/comments/999999999/hide', { token: ops })).body.code).toBe(
      'comment_not_found',
    );

    expect((await list(token, activityId)).body.value.items).toEqual([]);
    const all = await kit.call('GET', `/ops/rewards/comments?activityId=${activityId}`, { token: ops });
    expect(all.body.value.items).toEqual([
      expect.objectContaining({ id, hidden: true, text: 'Please hide me' }),
    ]);
    // A player cannot reach the operator's calls.
    expect((await kit.call('GET', '/ops/rewards/comments', { token })).status).toBe(401);
  });
});
