import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractPolicy } from '@portal/contracts';
import { opsAgentCalls } from '@portal/contracts/calls';
import { agentCalls } from '@portal/contracts/calls/agents';
import {
  loggedInMember,
  operatorToken,
  startPaymentsKit,
  trialToken,
  type PaymentsKit,
} from '../../test/payments-kit';

/**
 * The contract calls (decision 0029): the operator's policy, the consolidated flags, offers, requests,
 * acceptance with the rate rule and the downline contracts it ends, rejection, termination, and every
 * refusal of the issue's bad-input list, each writing nothing.
 */
let kit: PaymentsKit;
let admin: string;
type Member = Awaited<ReturnType<typeof loggedInMember>>;
let top: Member;
let a: Member;
let b: Member;
let c: Member;
let member: Member;
let otherTop: Member;

const db = () => kit.testApp.database.db;

const policy: ContractPolicy = {
  dailySalary: { enabled: true, maxRate: '1.00' },
  hourlySalary: { enabled: true, maxRate: '1.00' },
  realtimeSalary: { enabled: true, maxRate: '1.00' },
  dividend: { enabled: true, maxRate: '40.00', period: 'month', deductBonuses: true, adminFeeRate: '10.00' },
};

beforeAll(async () => {
  kit = await startPaymentsKit();
  admin = await operatorToken(kit);
  top = await loggedInMember(kit, { type: 1 });
  a = await loggedInMember(kit, { type: 2, parentAgentId: top.memberId });
  b = await loggedInMember(kit, { type: 2, parentAgentId: a.memberId });
  c = await loggedInMember(kit, { type: 41, parentAgentId: b.memberId });
  member = await loggedInMember(kit, { parentAgentId: a.memberId });
  otherTop = await loggedInMember(kit, { type: 1 });
});
afterAll(async () => kit.close());

type Call = { method: string; path: string };

function send(
  call: Call,
  token: string | undefined,
  options: { id?: number; body?: unknown; query?: Record<string, string> } = {},
) {
  const search = new URLSearchParams(options.query ?? {});
  const path = call.path.replace(':id', String(options.id ?? 0));
  return kit.call(call.method as 'GET', `${path}${search.size ? `?${search.toString()}` : ''}`, {
    ...(token ? { token } : {}),
    ...(options.body === undefined ? {} : { body: options.body }),
  });
}

const tiers = (...rates: string[]) =>
  rates.map((rate, index) => ({ minValidBet: String(index * 1000), minActiveMembers: index, rate }));

async function offer(from: Member, to: Member, kind: string, rates: string[], confirmEnding: number[] = []) {
  return send(agentCalls.agentContractOffer, from.token, {
    body: { counterpartId: to.memberId, kind, tiers: tiers(...rates), confirmEnding },
  });
}

async function decide(call: Call, by: Member, id: number, confirmEnding: number[] = []) {
  return send(call, by.token, { id, body: { confirmEnding } });
}

const contractCount = async () =>
  Number(
    (
      await db()
        .selectFrom('agent_contracts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the policy', () => {
  it('is what the operator sets: off, then on, and every flag shows it', async () => {
    const off: ContractPolicy = {
      dailySalary: { ...policy.dailySalary, enabled: false },
      hourlySalary: { ...policy.hourlySalary, enabled: false },
      realtimeSalary: { ...policy.realtimeSalary, enabled: false },
      dividend: { ...policy.dividend, enabled: false },
    };
    expect((await send(opsAgentCalls.opsSetContractPolicy, admin, { body: off })).body.success).toBe(true);
    const before = await send(agentCalls.agentContractFlags, top.token);
    expect(before.body.value.realtimesalreqtype).toMatchObject({ enabled: false, inForce: false });
    expect((await offer(top, a, 'realtimeSalary', ['0.50'])).body.code).toBe('contract_kind_off');

    expect((await send(opsAgentCalls.opsSetContractPolicy, top.token, { body: policy })).status).toBe(401);
    const set = await send(opsAgentCalls.opsSetContractPolicy, admin, { body: policy });
    expect(set.body).toMatchObject({ success: true, value: policy });
    expect((await send(opsAgentCalls.opsContractPolicy, admin)).body.value).toEqual(policy);
    const bad = await send(opsAgentCalls.opsSetContractPolicy, admin, {
      body: { ...policy, dividend: { ...policy.dividend, maxRate: '100.01' } },
    });
    expect(bad.status).toBe(400);

    const flags = (await send(agentCalls.agentContractFlags, top.token)).body.value;
    expect(flags).toEqual({
      dailysalreqtype: { enabled: true, pending: 0, inForce: true, rate: '1.00', period: 'day' },
      divtypereq: { enabled: true, pending: 0, inForce: true, rate: '40.00', period: 'month' },
      contracthoursalreq: { enabled: true, pending: 0, inForce: true, rate: '1.00', period: 'hour' },
      realtimesalreqtype: { enabled: true, pending: 0, inForce: true, rate: '1.00', period: 'window' },
    });
    const agentFlags = (await send(agentCalls.agentContractFlags, a.token)).body.value;
    expect(agentFlags.realtimesalreqtype).toMatchObject({ enabled: true, inForce: false, rate: '0.00' });
    expect((await send(agentCalls.agentContractFlags, member.token)).body.code).toBe('not_agent');
  });
});

describe('bad input changes nothing', () => {
  it('refuses each offer of the list with its own code', async () => {
    const trial = await trialToken(kit);
    const cases: [Promise<{ status: number; body: { code?: string } }>, number, string][] = [
      [offer(top, b, 'realtimeSalary', ['0.50']), 403, 'contract_not_direct'],
      [offer(top, top, 'realtimeSalary', ['0.50']), 400, 'contract_self'],
      [offer(top, otherTop, 'realtimeSalary', ['0.50']), 404, 'not_found'],
      [offer(a, member, 'realtimeSalary', ['0.50']), 409, 'contract_counterpart_not_agent'],
      [offer(a, b, 'realtimeSalary', ['0.50']), 409, 'no_own_rate'],
      [offer(top, a, 'realtimeSalary', ['1.01']), 409, 'rate_above_upline'],
      [offer(top, a, 'realtimeSalary', ['0.50', '0.40']), 400, 'tiers_invalid'],
      [
        send(agentCalls.agentContractOffer, top.token, {
          body: {
            counterpartId: a.memberId,
            kind: 'realtimeSalary',
            tiers: [
              { minValidBet: '1000', minActiveMembers: 2, rate: '0.10' },
              { minValidBet: '500', minActiveMembers: 3, rate: '0.20' },
            ],
          },
        }),
        400,
        'tiers_invalid',
      ],
      [
        send(agentCalls.agentContractOffer, top.token, {
          body: { counterpartId: a.memberId, kind: 'realtimeSalary', tiers: tiers('101') },
        }),
        400,
        'validation_failed',
      ],
      [offer(member, a, 'realtimeSalary', ['0.10']), 403, 'not_agent'],
    ];
    for (const [reply, expectedStatus, code] of cases) {
      const { status, body } = await reply;
      expect({ status, code: body.code }).toEqual({ status: expectedStatus, code });
    }
    // A trial account is never in a team: not found, like any stranger.
    const trialMember = await db()
      .selectFrom('members')
      .select('id')
      .where('type', '=', 4)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const toTrial = await send(agentCalls.agentContractOffer, top.token, {
      body: { counterpartId: trialMember.id, kind: 'dividend', tiers: tiers('10') },
    });
    expect(toTrial.body.code).toBe('not_found');
    expect((await send(agentCalls.agentContractOffer, trial, { body: {} })).status).toBeGreaterThanOrEqual(
      400,
    );
    expect(await contractCount()).toBe(0);
  });
});

describe('offers, the rate rule and the contracts it ends', () => {
  let topToA: number;
  let aToB: number;
  let bToC: number;

  it('an offer is accepted by the other side only, once', async () => {
    const offered = await offer(top, a, 'realtimeSalary', ['0.80', '0.90']);
    expect(offered.body.value).toMatchObject({
      state: 'requested',
      proposedBy: 'upline',
      myRole: 'upline',
      maxRate: '0.90',
      period: 'window',
    });
    topToA = offered.body.value.id;
    expect((await offer(top, a, 'realtimeSalary', ['0.70'])).body.code).toBe('contract_pending_exists');
    expect((await decide(agentCalls.agentContractAccept, top, topToA)).body.code).toBe('contract_own_offer');
    expect((await decide(agentCalls.agentContractAccept, b, topToA)).body.code).toBe('contract_not_found');
    expect((await send(agentCalls.agentContractFlags, a.token)).body.value.realtimesalreqtype.pending).toBe(
      1,
    );
    const accepted = await decide(agentCalls.agentContractAccept, a, topToA);
    expect(accepted.body.value).toMatchObject({ state: 'accepted', myRole: 'downline' });
    expect((await decide(agentCalls.agentContractAccept, a, topToA)).body.code).toBe('contract_not_pending');
    expect((await send(agentCalls.agentContractFlags, a.token)).body.value.realtimesalreqtype).toMatchObject({
      inForce: true,
      rate: '0.90',
      pending: 0,
    });

    aToB = (await offer(a, b, 'realtimeSalary', ['0.60'])).body.value.id;
    expect((await decide(agentCalls.agentContractAccept, b, aToB)).body.value.state).toBe('accepted');
    // B asks its upline for more than A has: refused; C is B's direct sub-agent.
    expect((await offer(b, a, 'realtimeSalary', ['0.95'])).body.code).toBe('rate_above_upline');
    bToC = (await offer(b, c, 'realtimeSalary', ['0.50'])).body.value.id;
    expect((await decide(agentCalls.agentContractAccept, c, bToC)).body.value.state).toBe('accepted');
  });

  it('a lower rate lists the downline contracts that end, and ends them only with consent', async () => {
    const lower = (await offer(top, a, 'realtimeSalary', ['0.55'])).body.value.id as number;
    const preview = await send(agentCalls.agentContractPreview, a.token, {
      id: lower,
      query: { action: 'accept' },
    });
    expect(preview.body.value.uplineRate).toBe('1.00');
    expect(preview.body.value.ending.map((row: { id: number }) => row.id)).toEqual([aToB, bToC]);

    const refused = await decide(agentCalls.agentContractAccept, a, lower, [aToB]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'contracts_would_end', value: { ending: [aToB, bToC] } });
    expect(
      (await send(agentCalls.agentContracts, a.token, { query: { side: 'downlines' } })).body.value.items[0],
    ).toMatchObject({
      id: aToB,
      state: 'accepted',
    });

    expect((await decide(agentCalls.agentContractAccept, a, lower, [aToB, bToC])).body.value.state).toBe(
      'accepted',
    );
    const states = await db()
      .selectFrom('agent_contracts')
      .select(['id', 'state', 'end_reason'])
      .where('id', 'in', [topToA, aToB, bToC, lower])
      .orderBy('id')
      .execute();
    expect(states).toEqual([
      { id: topToA, state: 'finished', end_reason: 'replaced' },
      { id: aToB, state: 'terminated', end_reason: 'rate_rule' },
      { id: bToC, state: 'terminated', end_reason: 'upline_ended' },
      { id: lower, state: 'accepted', end_reason: null },
    ]);
    const events = await db()
      .selectFrom('agent_contract_events')
      .select('action')
      .where('contract_id', '=', aToB)
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.action)).toEqual(['offered', 'accepted', 'ended_by_rate_rule']);
  });

  it('a downline requests, the upline accepts; either side terminates at the end of the running period', async () => {
    const request = await offer(b, a, 'realtimeSalary', ['0.40']);
    expect(request.body.value).toMatchObject({
      proposedBy: 'downline',
      myRole: 'downline',
      state: 'requested',
    });
    const id = request.body.value.id as number;
    expect((await decide(agentCalls.agentContractAccept, b, id)).body.code).toBe('contract_own_offer');
    expect((await decide(agentCalls.agentContractAccept, a, id)).body.value.state).toBe('accepted');

    const preview = await send(agentCalls.agentContractPreview, a.token, {
      id,
      query: { action: 'terminate' },
    });
    const effectiveAt = Date.parse(preview.body.value.effectiveAt);
    expect(effectiveAt % 300_000).toBe(0);
    expect(effectiveAt).toBeGreaterThan(Date.now());
    const ended = await decide(agentCalls.agentContractTerminate, a, id);
    expect(ended.body.value).toMatchObject({
      state: 'terminated',
      endReason: 'terminated_by_upline',
      endsAt: preview.body.value.effectiveAt,
    });
    expect((await decide(agentCalls.agentContractTerminate, b, id)).body.code).toBe('contract_ended');
    expect((await decide(agentCalls.agentContractAccept, b, id)).body.code).toBe('contract_not_pending');
  });

  it('the proposer withdraws, the other side rejects', async () => {
    const first = (await offer(top, a, 'dividend', ['30.00'])).body.value.id as number;
    expect((await send(agentCalls.agentContractReject, top.token, { id: first })).body.value.state).toBe(
      'rejected',
    );
    const second = (await offer(top, a, 'dividend', ['30.00'])).body.value.id as number;
    expect((await send(agentCalls.agentContractReject, a.token, { id: second })).body.value.state).toBe(
      'rejected',
    );
    expect((await send(agentCalls.agentContractReject, a.token, { id: second })).body.code).toBe(
      'contract_not_pending',
    );
    const actions = await db()
      .selectFrom('agent_contract_events')
      .select('action')
      .where('contract_id', 'in', [first, second])
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['offered', 'withdrawn', 'offered', 'rejected']);
  });

  it('lists contracts by side, kind and state, each party seeing its own role', async () => {
    const mine = (
      await send(agentCalls.agentContracts, a.token, {
        query: { side: 'mine', kind: 'realtimeSalary', state: 'accepted' },
      })
    ).body.value;
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({
      myRole: 'downline',
      upline: { id: top.memberId },
      maxRate: '0.55',
    });
    const given = (await send(agentCalls.agentContracts, top.token, { query: { side: 'downlines' } })).body
      .value;
    expect(given.items.every((row: { myRole: string }) => row.myRole === 'upline')).toBe(true);
    expect(
      (await send(agentCalls.agentContracts, otherTop.token, { query: { side: 'downlines' } })).body.value
        .total,
    ).toBe(0);
  });
});
