import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliKit } from '../test/operator-cli-kit';
import { loggedInMember, operatorToken, type PaymentsKit } from '../test/payments-kit';

/** `npm run operator -- activity-comments | hide-comment` against the real server over HTTP. */
let kit: PaymentsKit;
let cli: Awaited<ReturnType<typeof startCliKit>>['cli'];

beforeAll(async () => {
  ({ kit, cli } = await startCliKit());
});
afterAll(async () => kit.close());

describe('npm run operator -- activity comments', () => {
  it('lists activity comments and hides one', async () => {
    const created = await kit.call('POST', '/ops/rewards/activities', {
      token: await operatorToken(kit),
      body: {
        title: 'CLI comments',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        rules: { kind: 'sign_in', amounts: ['1.00'] },
        allowComments: true,
      },
    });
    const id = created.body.value.activity.id as string;
    const member = await loggedInMember(kit);
    const written = await kit.call('POST', `/wps/rewards/activities/${id}/comments`, {
      token: member.token,
      body: { text: 'Seen from the CLI' },
    });
    const commentId = written.body.value.id as string;
    const listed = await cli('activity-comments', '--activity', id);
    expect(listed.out).toMatch(new RegExp(`^ *${commentId} .* shown +0 img +Seen from the CLI`, 'm'));
    expect(listed.out).toContain('1 in all');
    expect((await cli('hide-comment', commentId)).out).toMatch(/hidden +0 img +Seen from the CLI/);
    expect((await cli('activity-comments', '--activity', 'x')).code).toBe(2);
    expect((await cli('hide-comment')).code).toBe(2);
  });
});
