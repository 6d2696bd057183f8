import { expect } from 'vitest';
import type { ActivityPayload, PlayerActivity } from '@portal/contracts';
import { requestId, type PaymentsKit } from './payments-kit';

/**
 * The reward tests' calls: an operator creates activities, a player reads them and claims. Each claim
 * comes from its own address unless told otherwise (claims are rate-limited per address; the app under
 * test must trust the proxy for the addresses to count). The kit and the operator's token are read at
 * each call, so a test file sets them up in beforeAll.
 */
export function rewardsClient(
  current: () => { kit: PaymentsKit; ops: string },
  defaults: { startsAgoMs: number },
) {
  let addresses = 0;
  return {
    createActivity: async (payload: Partial<ActivityPayload> & Pick<ActivityPayload, 'rules'>) => {
      const { kit, ops } = current();
      const reply = await kit.call('POST', '/ops/rewards/activities', {
        token: ops,
        body: {
          title: `Activity ${requestId()}`,
          startsAt: new Date(Date.now() - defaults.startsAgoMs).toISOString(),
          ...payload,
        },
      });
      expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
      return reply.body.value.activity.id as string;
    },

    activityOf: async (token: string, id: string): Promise<PlayerActivity> => {
      const reply = await current().kit.call('GET', '/wps/rewards/activities', { token });
      expect(reply.body.success).toBe(true);
      return (reply.body.value.activities as PlayerActivity[]).find((activity) => activity.id === id)!;
    },

    claim: (
      token: string,
      id: string,
      body: Record<string, unknown> = {},
      from: { ip?: string; userAgent?: string } = {},
    ) =>
      current().kit.call('POST', `/wps/rewards/activities/${id}/claim`, {
        token,
        body,
        ip: from.ip ?? `198.51.100.${(addresses += 1) % 250}`,
        headers: { 'user-agent': from.userAgent ?? 'test-agent' },
      }),
  };
}
