import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildContract,
  buildContractFlags,
  buildContractPage,
  buildDownline,
  buildDownlinePage,
  buildPreview,
} from '../../../test/agent-fixtures';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import type { RecordedRequest } from '../../../test/fake-server';
import { languageStorageKey } from '../../../i18n';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
const memberInfo = { '/wps/member/info': { value: buildMemberInfo({ id: 7, account: 'agent07', type: 2 }) } };
const flags = {
  '/wps/agent/contracts/consolidated': {
    value: buildContractFlags({
      dailysalreqtype: { enabled: true, inForce: true, rate: '0.50', pending: 1 },
      divtypereq: { enabled: true, inForce: true, rate: '1.00' },
    }),
  },
};
const boss = { id: 3, account: 'boss03', nickname: null };
const me = { id: 7, account: 'agent07', nickname: null };
const sub = { id: 102, account: 'subagent02', nickname: null };
/** An offer from the caller's upline, awaiting the caller's answer. */
const offerToMe = buildContract({
  id: 601,
  state: 'requested',
  proposedBy: 'upline',
  myRole: 'downline',
  upline: boss,
  downline: me,
  decidedAt: null,
});
/** A contract in the caller's team that accepting the offer would end. */
const endingOne = buildContract({ id: 777, maxRate: '0.40', upline: me, downline: sub });

function jsonBody(request: RecordedRequest): unknown {
  return JSON.parse(request.body ?? 'null');
}

describe('contract requests', () => {
  it('highlights an offer awaiting me; accepting it needs agreement to the contracts that end', async () => {
    storeTestSession(2);
    const lists: URLSearchParams[] = [];
    let previewQuery: URLSearchParams | null = null;
    let previewReads = 0;
    let accepted: unknown = null;
    await renderApp('/agentHome?page=contractRequests', {
      replies: {
        ...memberInfo,
        ...flags,
        '/wps/agent/contracts': (request: RecordedRequest) => {
          lists.push(request.url.searchParams);
          const items = accepted ? [{ ...offerToMe, state: 'accepted' as const }] : [offerToMe];
          return { value: buildContractPage(items) };
        },
        '/wps/agent/contracts/601/preview': (request: RecordedRequest) => {
          previewQuery = request.url.searchParams;
          previewReads += 1;
          return { value: buildPreview({ ending: [endingOne] }) };
        },
        '/wps/agent/contracts/601/accept': (request: RecordedRequest) => {
          accepted = jsonBody(request);
          return { value: { ...offerToMe, state: 'accepted' } };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'My contracts with my upline' }, slow);
    expect(screen.getByRole('tab', { name: 'My contracts' }).getAttribute('aria-selected')).toBe('true');
    expect([lists[0]?.get('side'), lists[0]?.get('page'), lists[0]?.get('pageSize')]).toEqual([
      'mine',
      '1',
      '20',
    ]);
    const row = within(table).getByText('boss03').closest('tr')!;
    expect(row.className).toBe('agent-row--awaiting');
    expect(within(row).getByText('Awaiting your answer')).toBeTruthy();
    expect(within(row).getByText('From ฿10,000.00 valid bet and 5 active: 0.35%')).toBeTruthy();
    expect(within(row).getByText('Daily salary')).toBeTruthy();
    expect(
      within(row).getByRole('button', { name: 'Reject the Daily salary contract with boss03' }),
    ).toBeTruthy();

    fireEvent.click(
      within(row).getByRole('button', { name: 'Accept the Daily salary contract with boss03' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Accept the contract with boss03' });
    expect(await within(dialog).findByText('This contract ends if you go on:', {}, slow)).toBeTruthy();
    expect(previewQuery!.get('action')).toBe('accept');
    expect(within(dialog).getByText('Daily salary: agent07 to subagent02, up to 0.40%')).toBeTruthy();
    expect(within(dialog).getByText(/no tier may be above 0.50%/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('Tick the box to agree, or go back.')).toBeTruthy();
    expect(accepted).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I agree that this contract ends' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('You accepted the contract with boss03.')).toBeTruthy();
    expect(accepted).toEqual({ confirmEnding: [777] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again, and the row no longer waits for an answer; the decided contract's preview
    // is not (it would answer already_decided).
    await waitFor(() => expect(within(table).getByText('In force')).toBeTruthy());
    expect(previewReads).toBe(1);
  });

  it('offers a contract: checks the tiers, previews, and sends the ids of the contracts that end', async () => {
    storeTestSession(2);
    const downlineQueries: URLSearchParams[] = [];
    const previews: unknown[] = [];
    const offers: unknown[] = [];
    await renderApp('/agentHome?page=contractRequests&side=downlines', {
      replies: {
        ...memberInfo,
        ...flags,
        '/wps/agent/downlines': (request: RecordedRequest) => {
          downlineQueries.push(request.url.searchParams);
          const type = request.url.searchParams.get('type');
          const items =
            type === '2' ? [buildDownline({ id: 102, account: 'subagent02', type: 2, isAgent: true })] : [];
          return { value: buildDownlinePage(items) };
        },
        '/wps/agent/contracts/preview': (request: RecordedRequest) => {
          previews.push(jsonBody(request));
          const ending =
            previews.length === 1 ? [endingOne] : [endingOne, buildContract({ id: 778, downline: sub })];
          return { value: buildPreview({ ending }) };
        },
        '/wps/agent/contracts': (request: RecordedRequest) => {
          if (request.method === 'GET') return { value: buildContractPage([]) };
          offers.push(jsonBody(request));
          // The first time, the list changed since the preview.
          return offers.length === 1
            ? failure(409, 'contracts_would_end')
            : { value: buildContract({ id: 900, state: 'requested', downline: sub }) };
        },
      },
    });
    expect(await screen.findByText('No contracts with your downlines', {}, slow)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Downline contracts' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'New contract' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer a contract' });
    expect(within(dialog).getByRole('combobox', { name: 'Kind of contract' })).toBe(document.activeElement);
    expect(within(dialog).getByText(/No tier may be above 0.50%/)).toBeTruthy();

    const downline = await within(dialog).findByRole('combobox', { name: 'Direct downline agent' }, slow);
    expect(downlineQueries.map((query) => [query.get('type'), query.get('level')]).sort()).toEqual([
      ['2', '1'],
      ['41', '1'],
      ['42', '1'],
    ]);
    fireEvent.change(downline, { target: { value: '102' } });
    const tier = (number: number) => within(dialog).getByRole('group', { name: `Tier ${number}` });
    fireEvent.change(within(tier(1)).getByLabelText('Rate (%)'), { target: { value: '0.30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a tier (at most 10)' }));

    // The second tier starts where the first one does: it must start higher.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(
      await within(tier(2)).findByText('Raise the valid bet or the active members above the previous tier.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('Some fields need attention');
    fireEvent.change(within(tier(2)).getByLabelText('Minimum valid bet'), { target: { value: '10000' } });
    fireEvent.change(within(tier(2)).getByLabelText('Rate (%)'), { target: { value: '0.20' } });
    expect(within(tier(2)).getByText("Must be at least the previous tier's rate.")).toBeTruthy();
    fireEvent.change(within(tier(2)).getByLabelText('Rate (%)'), { target: { value: '0.60' } });
    expect(within(tier(2)).getByText('At most 0.50%.')).toBeTruthy();
    expect(within(tier(2)).getByLabelText('Rate (%)').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(tier(2)).getByLabelText('Rate (%)'), { target: { value: '0.45' } });
    expect(previews).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    const review = await within(dialog).findByRole('heading', { name: 'Review and confirm' });
    await waitFor(() => expect(document.activeElement).toBe(review));
    expect(previews[0]).toEqual({
      counterpartId: 102,
      kind: 'dailySalary',
      tiers: [
        { minValidBet: '0', minActiveMembers: 0, rate: '0.30' },
        { minValidBet: '10000', minActiveMembers: 0, rate: '0.45' },
      ],
    });
    expect(within(dialog).getByText(/Rate rule: no tier may be above 0.50%/)).toBeTruthy();
    expect(within(dialog).getByText('Daily salary: agent07 to subagent02, up to 0.40%')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the offer' }));
    expect(await within(dialog).findByText('Tick the box to agree, or go back.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I agree that this contract ends' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the offer' }));

    // The server found another contract that would end: the new list needs a new agreement.
    expect(await within(dialog).findByText('These 2 contracts end if you go on:', {}, slow)).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('Please review them again');
    expect(offers[0]).toMatchObject({ confirmEnding: [777] });
    const agree = within(dialog).getByRole('checkbox', { name: 'I agree that these 2 contracts end' });
    expect((agree as HTMLInputElement).checked).toBe(false);
    fireEvent.click(agree);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the offer' }));

    expect(await screen.findByText(/Your contract was sent to subagent02/)).toBeTruthy();
    expect(offers[1]).toEqual({ ...(previews[0] as object), confirmEnding: [777, 778] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('terminates at the end of the running period, and requests a contract from the upline', async () => {
    storeTestSession(2);
    const inForce = buildContract({
      id: 610,
      kind: 'dividend',
      period: 'month',
      myRole: 'downline',
      upline: boss,
      downline: me,
    });
    let terminated: unknown = null;
    let offered: unknown = null;
    await renderApp('/agentHome?page=contractRequests', {
      replies: {
        ...memberInfo,
        ...flags,
        '/wps/agent/contracts': (request: RecordedRequest) => {
          if (request.method === 'GET') return { value: buildContractPage([inForce]) };
          offered = jsonBody(request);
          return {
            value: buildContract({
              id: 611,
              state: 'requested',
              proposedBy: 'downline',
              myRole: 'downline',
              upline: boss,
              downline: me,
            }),
          };
        },
        '/wps/agent/contracts/610/preview': {
          value: buildPreview({ effectiveAt: '2026-03-31T17:00:00.000Z' }),
        },
        '/wps/agent/contracts/610/terminate': (request: RecordedRequest) => {
          terminated = jsonBody(request);
          return {
            value: { ...inForce, endsAt: '2026-03-31T17:00:00.000Z', endReason: 'terminated_by_downline' },
          };
        },
        '/wps/agent/contracts/preview': { value: buildPreview({ uplineRate: '2.00' }) },
      },
    });
    const table = await screen.findByRole('table', { name: 'My contracts with my upline' }, slow);
    fireEvent.click(
      within(table).getByRole('button', { name: 'Terminate the Dividend contract with boss03' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Terminate the contract with boss03' });
    expect(await within(dialog).findByText(/The contract keeps paying until/, {}, slow)).toBeTruthy();
    expect(within(dialog).getByText('No other contract ends.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Terminate' }));
    expect(
      await screen.findByText('The contract with boss03 ends at the end of its running period.'),
    ).toBeTruthy();
    expect(terminated).toEqual({ confirmEnding: [] });

    // The upline comes from the contract with it.
    fireEvent.click(screen.getByRole('button', { name: 'Request from my upline (boss03)' }));
    const request = await screen.findByRole('dialog', { name: 'Request a contract from your upline' });
    expect(within(request).getByText('boss03')).toBeTruthy();
    expect(within(request).getByText(/shown when you review/)).toBeTruthy();
    fireEvent.change(within(request).getByRole('combobox', { name: 'Kind of contract' }), {
      target: { value: 'dividend' },
    });
    fireEvent.change(within(request).getByLabelText('Rate (%)'), { target: { value: '1.5' } });
    fireEvent.click(within(request).getByRole('button', { name: 'Review' }));
    expect(await within(request).findByText(/Rate rule: no tier may be above 2.00%/, {}, slow)).toBeTruthy();
    fireEvent.click(within(request).getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText(/Your contract was sent to boss03/)).toBeTruthy();
    expect(offered).toEqual({
      counterpartId: 3,
      kind: 'dividend',
      tiers: [{ minValidBet: '0', minActiveMembers: 0, rate: '1.5' }],
      confirmEnding: [],
    });
  });

  it('withdraws an own pending offer without a preview', async () => {
    storeTestSession(2);
    const myOffer = buildContract({ id: 620, state: 'requested', decidedAt: null });
    let withdrawn = false;
    await renderApp('/agentHome?page=contractRequests&side=downlines', {
      replies: {
        ...memberInfo,
        ...flags,
        '/wps/agent/contracts': { value: buildContractPage([myOffer]) },
        '/wps/agent/contracts/620/reject': () => {
          withdrawn = true;
          return { value: { ...myOffer, state: 'rejected' } };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Contracts I gave my downlines' }, slow);
    const row = within(table).getByText('subagent02').closest('tr')!;
    expect(row.className).toBe('');
    expect(within(row).queryByRole('button', { name: /Accept/ })).toBeNull();
    fireEvent.click(
      within(row).getByRole('button', { name: 'Withdraw the Daily salary offer to subagent02' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your offer to subagent02' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('You withdrew your offer to subagent02.')).toBeTruthy();
    expect(withdrawn).toBe(true);
  });

  it('shows a top agent only the contracts it gives, since the merchant pays it its own rates', async () => {
    storeTestSession(1);
    const sides: (string | null)[] = [];
    await renderApp('/agentHome?page=contractRequests', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo({ id: 3, account: 'boss03', type: 1 }) },
        ...flags,
        '/wps/agent/contracts': (request: RecordedRequest) => {
          sides.push(request.url.searchParams.get('side'));
          return { value: buildContractPage([buildContract({ upline: boss, downline: me })]) };
        },
      },
    });
    expect(await screen.findByRole('table', { name: 'Contracts I gave my downlines' }, slow)).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Downline contracts']);
    expect(screen.getByText(/You are a top agent: the merchant pays you its own rates/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Request from my upline/ })).toBeNull();
    expect(sides).toEqual(['downlines']);
  });

  it('explains a refused request in the reader’s language and keeps the form', async () => {
    storeTestSession(2);
    window.localStorage.setItem(languageStorageKey, 'TY');
    await renderApp('/agentHome?page=contractRequests', {
      language: 'TY',
      replies: {
        ...memberInfo,
        ...flags,
        '/wps/agent/contracts': { value: buildContractPage([]) },
        // No contract with the upline yet: the upline comes from the transfer-to-upline read.
        '/wps/member/transfer/upline': { value: { upline: { id: 3, username: 'boss03', nickname: null } } },
        '/wps/agent/contracts/preview': failure(409, 'contract_pending_exists'),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'ขอจากอัปไลน์ของฉัน (boss03)' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'ขอสัญญาจากอัปไลน์ของคุณ' });
    fireEvent.change(within(dialog).getByLabelText('อัตรา (%)'), { target: { value: '0.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ตรวจสอบ' }));
    const alert = await within(dialog).findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('มีคำขอประเภทนี้ที่รอการตอบกลับอยู่แล้ว');
    expect(within(dialog).getByLabelText<HTMLInputElement>('อัตรา (%)').value).toBe('0.25');
  });
});
