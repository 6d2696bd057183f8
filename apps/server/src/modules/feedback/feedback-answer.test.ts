import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken, solvedCaptcha } from '../../test/content-kit';
import { createOperator } from '../operators/operators.service';
import { loggedInMember, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';

let kit: PaymentsKit;
let ops: string;
let address = 0;

beforeAll(async () => {
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  ops = await operatorToken(kit);
});
afterAll(async () => kit.close());

const description = 'My withdrawal of this morning is still pending, please check it.';

/** Sends feedback (a member's with `token`, else a visitor's) and answers its id. */
async function sendFeedback(token?: string): Promise<string> {
  address += 1;
  const sent = await kit.call('PUT', '/wps/feedback', {
    body: { type: 2, content: description, sender: 'visitor', ...(await solvedCaptcha(kit)) },
    ip: `203.0.113.${address}`,
    ...(token ? { token } : {}),
  });
  expect(sent.body.success, JSON.stringify(sent.body)).toBe(true);
  return sent.body.value.id as string;
}

describe('POST /ops/feedback/:id/answer', () => {
  it("answers a member's feedback into their inbox once, and marks it handled", async () => {
    const member = await loggedInMember(kit);
    const id = await sendFeedback(member.token);
    const answer = 'We found it <b>and</b> paid it.\n\nSorry for the wait.';
    const answered = await kit.call('POST', `/ops/feedback/${id}/answer`, { token: ops, body: { answer } });
    expect(answered.body.success, JSON.stringify(answered.body)).toBe(true);
    expect(answered.body.value).toMatchObject({ id, status: 'handled', answer });
    expect(answered.body.value.answeredAt).toEqual(expect.any(String));

    const inbox = await kit.call('GET', '/wps/relay/message_list', { token: member.token });
    const [message] = inbox.body.value.items;
    expect(message.title).toBe(`Re: ${description.slice(0, 60)}…`);
    // Plain text: the operator's angle brackets are text, never markup.
    expect(message.content).toBe(
      '<p>We found it &lt;b&gt;and&lt;/b&gt; paid it.</p><p>Sorry for the wait.</p>',
    );
    expect(message.read).toBe(false);

    const again = await kit.call('POST', `/ops/feedback/${id}/answer`, {
      token: ops,
      body: { answer: 'Twice' },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('feedback_answered');
    const messages = await kit.testApp.database.db.selectFrom('messages').select('id').execute();
    expect(messages).toHaveLength(1);

    const listed = await kit.call('GET', '/ops/feedback?status=handled', { token: ops });
    expect(listed.body.value.items[0]).toMatchObject({ id, answer });
  });

  it("records a visitor's answer without a message, refuses a blank one and an unknown id", async () => {
    const id = await sendFeedback();
    const before = await kit.testApp.database.db.selectFrom('messages').select('id').execute();
    const blank = await kit.call('POST', `/ops/feedback/${id}/answer`, {
      token: ops,
      body: { answer: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.code).toBe('validation_failed');
    const answered = await kit.call('POST', `/ops/feedback/${id}/answer`, {
      token: ops,
      body: { answer: 'Thank you, we called you back.' },
    });
    expect(answered.body.value).toMatchObject({ status: 'handled', username: null });
    const after = await kit.testApp.database.db.selectFrom('messages').select('id').execute();
    expect(after).toHaveLength(before.length);
    const missing = await kit.call('POST', '/ops/feedback/999999/answer', {
      token: ops,
      body: { answer: 'x' },
    });
    expect(missing.body.code).toBe('feedback_not_found');
  });

  it('lets support answer and refuses finance', async () => {
    const id = await sendFeedback();
    for (const role of ['support', 'finance'] as const) {
      await createOperator(kit.testApp.database.db, {
        merchantId: kit.merchantId,
        username: `answer-${role}`,
        password: 'Answer1234',
        role,
      });
    }
    const finance = await operatorToken(kit, 'answer-finance', 'Answer1234');
    const refused = await kit.call('POST', `/ops/feedback/${id}/answer`, {
      token: finance,
      body: { answer: 'x' },
    });
    expect(refused.body.code).toBe('operator_role_forbidden');
    const support = await operatorToken(kit, 'answer-support', 'Answer1234');
    const answered = await kit.call('POST', `/ops/feedback/${id}/answer`, {
      token: support,
      body: { answer: 'y' },
    });
    expect(answered.body.success).toBe(true);
  });
});
