import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildContract,
  buildContractFlags,
  buildContractPage,
  buildDownline,
  buildDownlinePage,
} from '../../../test/agent-fixtures';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import type { RecordedRequest } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
const memberInfo = { '/wps/member/info': { value: buildMemberInfo({ type: 2 }) } };

const directs = [
  buildDownline({ id: 101, account: 'nok01', nickname: 'Nok' }),
  buildDownline({
    id: 102,
    account: 'subagent02',
    nickname: null,
    type: 41,
    teamSize: 3,
    isAgent: true,
    balance: '1000.50',
    validBet: '2500.00',
  }),
];
const subTeam = [buildDownline({ id: 201, account: 'deep01', level: 1, nickname: 'Deep' })];

/** The fake downline list: the caller's directs, or agent 102's team when drilled into. */
function downlineReplies(queries: URLSearchParams[]) {
  return (request: RecordedRequest) => {
    queries.push(request.url.searchParams);
    if (request.url.searchParams.get('parentId') === '102') {
      return {
        value: buildDownlinePage(subTeam, {
          path: [
            { id: 7, account: 'agent07' },
            { id: 102, account: 'subagent02' },
          ],
        }),
      };
    }
    return { value: buildDownlinePage(directs, { total: 41 }) };
  };
}

describe('downline management', () => {
  it('lists the downlines with their figures, sorts by a header and pages, all kept in the address', async () => {
    storeTestSession(2);
    const queries: URLSearchParams[] = [];
    const { router } = await renderApp('/agentHome?page=downlineManagmentView', {
      replies: { ...memberInfo, '/wps/agent/downlines': downlineReplies(queries) },
    });
    const table = await screen.findByRole('table', { name: 'Downlines' }, slow);
    const row = within(table).getByText('subagent02').closest('tr')!;
    expect(within(row).getByText('Sub-agent')).toBeTruthy();
    expect(within(row).getByText('฿1,000.50')).toBeTruthy();
    expect(within(row).getByText('฿2,500.00')).toBeTruthy();
    expect(screen.getByText('41 results').getAttribute('role')).toBe('status');
    expect([queries[0]?.get('sort'), queries[0]?.get('order'), queries[0]?.get('preset')]).toEqual([
      'registeredAt',
      'desc',
      'last7',
    ]);

    const registered = within(table).getByRole('columnheader', { name: /Registered/ });
    expect(registered.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(table).getByRole('button', { name: /Valid bet/ }));
    await waitFor(() =>
      expect([queries.at(-1)?.get('sort'), queries.at(-1)?.get('order')]).toEqual(['validBet', 'desc']),
    );
    fireEvent.click(within(table).getByRole('button', { name: /Valid bet/ }));
    await waitFor(() => expect(queries.at(-1)?.get('order')).toBe('asc'));
    expect(
      within(table)
        .getByRole('columnheader', { name: /Valid bet/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    expect(router.state.location.search).toContain('pageNo=2');
    expect(router.state.location.search).toContain('sort=validBet');
  });

  it('drills into a downline agent, shows the path back, and Back returns to the directs', async () => {
    storeTestSession(2);
    const queries: URLSearchParams[] = [];
    const { router } = await renderApp('/agentHome?page=downlineManagmentView', {
      replies: { ...memberInfo, '/wps/agent/downlines': downlineReplies(queries) },
    });
    const table = await screen.findByRole('table', { name: 'Downlines' }, slow);
    // A member without a team is plain text; an agent with a team opens it.
    expect(within(table).queryByRole('link', { name: 'nok01' })).toBeNull();
    fireEvent.click(within(table).getByRole('link', { name: 'subagent02 (open the team of 3)' }));

    expect(await screen.findByText('deep01')).toBeTruthy();
    expect(queries.at(-1)?.get('parentId')).toBe('102');
    const path = screen.getByRole('navigation', { name: 'Team path' });
    expect(within(path).getByText('subagent02').getAttribute('aria-current')).toBe('page');
    // Only the caller's own directs can be paid.
    expect(screen.queryByRole('button', { name: 'Transfer to deep01' })).toBeNull();

    fireEvent.click(within(path).getByRole('link', { name: 'My team (agent07)' }));
    expect(await screen.findByText('nok01')).toBeTruthy();
    expect(router.state.location.search).not.toContain('parentId');

    await router.navigate(-1);
    expect(await screen.findByText('deep01')).toBeTruthy();
    await router.navigate(-1);
    expect(await screen.findByText('nok01')).toBeTruthy();
  });

  it('searches the team by account, type, status and level', async () => {
    storeTestSession(2);
    const queries: URLSearchParams[] = [];
    await renderApp('/agentHome?page=downlineManagmentView', {
      replies: { ...memberInfo, '/wps/agent/downlines': downlineReplies(queries) },
    });
    await screen.findByRole('table', { name: 'Downlines' }, slow);
    const search = screen.getByRole('search', { name: 'Search the team' });
    fireEvent.change(within(search).getByLabelText('Account'), { target: { value: ' nok ' } });
    fireEvent.change(within(search).getByLabelText('Type'), { target: { value: '41' } });
    fireEvent.change(within(search).getByLabelText('Status'), { target: { value: 'disabled' } });
    fireEvent.change(within(search).getByLabelText('Level'), { target: { value: '2' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = queries.at(-1)!;
      expect([last.get('account'), last.get('type'), last.get('status'), last.get('level')]).toEqual([
        'nok',
        '41',
        'disabled',
        '2',
      ]);
    });
    // The form starts afresh from the address once the search applies.
    const applied = screen.getByRole('search', { name: 'Search the team' });
    expect(within(applied).getByLabelText<HTMLInputElement>('Account').value).toBe('nok');
    fireEvent.click(within(applied).getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(queries.at(-1)?.get('account')).toBeNull());
  });

  it('exports the same filters as CSV', async () => {
    storeTestSession(2);
    let csvQuery: URLSearchParams | null = null;
    await renderApp(
      '/agentHome?page=downlineManagmentView&parentId=102&preset=thisMonth&sort=account&order=asc',
      {
        replies: {
          ...memberInfo,
          '/wps/agent/downlines': downlineReplies([]),
          '/wps/agent/downlines.csv': (request: RecordedRequest) => {
            csvQuery = request.url.searchParams;
            return {
              file: 'account,nickname\r\ndeep01,Deep\r\n',
              headers: { 'content-disposition': 'attachment; filename="downlines.csv"' },
            };
          },
        },
      },
    );
    await screen.findByText('deep01', {}, slow);
    const saved: Blob[] = [];
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return createObjectURL(blob);
    };
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(saved).toHaveLength(1));
    } finally {
      URL.createObjectURL = createObjectURL;
    }
    expect(await saved[0]!.text()).toContain('deep01,Deep');
    expect(Object.fromEntries(csvQuery!)).toEqual({
      parentId: '102',
      preset: 'thisMonth',
      sort: 'account',
      order: 'asc',
    });
  });

  it('opens the transfer form of a direct downline and pays it with the payment password', async () => {
    storeTestSession(2);
    let transfer: Record<string, unknown> | null = null;
    const listReads: URLSearchParams[] = [];
    await renderApp('/agentHome?page=downlineManagmentView', {
      replies: {
        ...memberInfo,
        '/wps/agent/downlines': downlineReplies(listReads),
        '/wps/member/payment-password': { value: { isSet: true, lockedForSeconds: 0 } },
        '/wps/member/transfer/downline': (request: RecordedRequest) => {
          transfer = JSON.parse(request.body ?? '{}') as Record<string, unknown>;
          return {
            value: {
              transferId: '55',
              amount: '50.00',
              balance: '950.00',
              recipient: 'nok01',
              replayed: false,
            },
          };
        },
      },
    });
    await screen.findByRole('table', { name: 'Downlines' }, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Transfer to nok01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer to nok01' });
    fireEvent.change(await within(dialog).findByLabelText('Amount', {}, slow), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('Payment password'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer to nok01' }));
    const readsBefore = listReads.length;
    await waitFor(() => expect(dialog.textContent).toContain('Sent 50.00 to nok01. Balance: 950.00.'), slow);
    expect(transfer).toMatchObject({ downlineId: 101, amount: '50', paymentPassword: '123456' });
    // The list behind the dialog is read again, so the new balance shows.
    await waitFor(() => expect(listReads.length).toBeGreaterThan(readsBefore));
  });

  it('shows the empty state, and the error state with a retry', async () => {
    storeTestSession(2);
    let fail = true;
    await renderApp('/agentHome?page=downlineManagmentView', {
      replies: {
        ...memberInfo,
        '/wps/agent/downlines': () =>
          fail ? failure(503, 'service_unavailable') : { value: buildDownlinePage([]) },
      },
    });
    const alert = await screen.findByRole('alert', {}, slow);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No downlines found')).toBeTruthy();
  });

  it("shows each direct downline agent's live contracts with the caller, and offers one from its row", async () => {
    storeTestSession(2);
    const contractQueries: URLSearchParams[] = [];
    const sub = { id: 102, account: 'subagent02', nickname: null };
    await renderApp('/agentHome?page=downlineManagmentView', {
      replies: {
        ...memberInfo,
        '/wps/agent/downlines': downlineReplies([]),
        '/wps/agent/contracts/consolidated': {
          value: buildContractFlags({
            dailysalreqtype: { enabled: true, inForce: true, rate: '0.50' },
            divtypereq: { enabled: true, inForce: true, rate: '2.00' },
          }),
        },
        '/wps/agent/contracts': (request: RecordedRequest) => {
          contractQueries.push(request.url.searchParams);
          return {
            value: buildContractPage([
              buildContract({ id: 501, downline: sub, maxRate: '0.35' }),
              buildContract({ id: 502, kind: 'dividend', period: 'month', downline: sub, maxRate: '1.25' }),
              buildContract({ id: 503, downline: { id: 999, account: 'elsewhere', nickname: null } }),
            ]),
          };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Downlines' }, slow);
    const agentRow = within(table).getByText('subagent02').closest('tr')!;
    const contracts = await within(agentRow).findByRole('list', {}, slow);
    expect(
      within(contracts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Daily salary 0.35%', 'Dividend 1.25%']);
    expect(contractQueries).toHaveLength(1);
    expect(Object.fromEntries(contractQueries[0]!)).toEqual({
      side: 'downlines',
      state: 'accepted',
      page: '1',
      pageSize: '100',
    });
    // A member has no contracts.
    const memberRow = within(table).getByText('nok01').closest('tr')!;
    expect(within(memberRow).queryByRole('button', { name: /Offer a contract/ })).toBeNull();

    fireEvent.click(within(agentRow).getByRole('button', { name: 'Offer a contract to subagent02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer a contract' });
    expect(within(dialog).getByText('subagent02')).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Direct downline agent' })).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Daily salary', 'Dividend']);
  });
});
