import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildContractFlags, buildPayoutPage, buildPayoutRecord } from '../../../test/agent-fixtures';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import type { RecordedRequest } from '../../../test/fake-server';
import { languageStorageKey } from '../../../i18n';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
// The merchant's clock is UTC+7: periods and payment times read as its wall clock.
const memberInfo = { '/wps/member/info': { value: buildMemberInfo({ type: 2, gmtOffsetMinutes: 420 }) } };
const allKindsOn = {
  '/wps/agent/contracts/consolidated': {
    value: buildContractFlags({
      dailysalreqtype: { enabled: true },
      contracthoursalreq: { enabled: true },
      realtimesalreqtype: { enabled: true },
      divtypereq: { enabled: true },
    }),
  },
};

describe('salary and dividend records', () => {
  it('lists an hourly salary per period with its inputs, totals and bank account, and exports the period', async () => {
    storeTestSession(2);
    const queries: URLSearchParams[] = [];
    let csvQuery: URLSearchParams | null = null;
    await renderApp('/agentHome?page=agentHourSalary', {
      replies: {
        ...memberInfo,
        ...allKindsOn,
        '/wps/relay/salary_records': (request: RecordedRequest) => {
          queries.push(request.url.searchParams);
          return {
            value: buildPayoutPage([
              buildPayoutRecord({
                kind: 'hourlySalary',
                periodStart: '2026-03-02T06:00:00.000Z',
                periodEnd: '2026-03-02T07:00:00.000Z',
                adjustment: '-150.00',
                status: 'paid',
                paidAt: '2026-03-02T07:01:00.000Z',
              }),
              buildPayoutRecord({
                id: 9002,
                kind: 'hourlySalary',
                periodStart: '2026-03-02T07:00:00.000Z',
                periodEnd: '2026-03-02T08:00:00.000Z',
                validBet: '40.00',
                figure: '40.00',
                tier: null,
                rate: '0.00',
                teamAmount: '0.00',
                downlineAmount: '0.00',
                amount: '0.00',
                status: 'nothing_due',
                paidAt: null,
              }),
            ]),
          };
        },
        '/wps/relay/salary_export': (request: RecordedRequest) => {
          csvQuery = request.url.searchParams;
          return { file: 'period,amount\r\n' };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Hourly salary records' }, slow);
    expect(within(table).queryByRole('columnheader', { name: 'Deductions' })).toBeNull();
    const [, paid, nothingDue] = within(table).getAllByRole('row');
    // 06:00 UTC is 13:00 on the merchant's clock.
    expect(within(paid!).getByText('Mar 2, 2026, 1:00 – 2:00 PM')).toBeTruthy();
    expect(within(paid!).getByText('฿12,000.00', { selector: 'td[data-label="Valid bet"]' })).toBeTruthy();
    expect(within(paid!).getByText('-฿850.00').className).toBe('amount amount--out');
    expect(within(paid!).getByText('-฿150.00').className).toBe('amount amount--out');
    expect(within(paid!).getByText('0.35%')).toBeTruthy();
    expect(within(paid!).getByText('฿42.00')).toBeTruthy();
    expect(within(paid!).getByText('฿12.00')).toBeTruthy();
    expect(within(paid!).getByText('฿30.00')).toBeTruthy();
    expect(within(paid!).getByText('Paid')).toBeTruthy();
    expect(within(paid!).getByText('Mar 2, 2026, 2:01 PM')).toBeTruthy();
    expect(within(nothingDue!).getByText('Nothing due')).toBeTruthy();
    expect(within(nothingDue!).getAllByText('—')).toHaveLength(2);

    const totals = within(table).getAllByRole('rowgroup').at(-1)!;
    expect(within(totals).getByText('Total')).toBeTruthy();
    expect(within(totals).getAllByText('฿24,000.00')).toHaveLength(2);
    expect(within(totals).getByText('฿60.00')).toBeTruthy();
    expect(screen.getByText('Withdraw your payouts to bank account ******7890 (Agent Seven).')).toBeTruthy();
    expect(Object.fromEntries(queries[0]!)).toEqual({
      preset: 'last7',
      kind: 'hourly',
      page: '1',
      pageSize: '50',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(csvQuery).not.toBeNull());
    expect(Object.fromEntries(csvQuery!)).toEqual({ preset: 'last7', kind: 'hourly' });
  });

  it('shows dividends with their deductions, and how to add a bank account when none is registered', async () => {
    storeTestSession(2);
    await renderApp('/agentHome?page=agentDividendRecordCopy2&preset=thisMonth', {
      replies: {
        ...memberInfo,
        ...allKindsOn,
        '/wps/relay/dividend_records': {
          value: buildPayoutPage(
            [
              buildPayoutRecord({
                kind: 'dividend',
                periodStart: '2026-02-28T17:00:00.000Z',
                periodEnd: '2026-03-07T17:00:00.000Z',
                deductions: '75.00',
                status: 'scheduled',
              }),
            ],
            { bankAccount: null },
          ),
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Dividend records' }, slow);
    expect(within(table).getByRole('columnheader', { name: 'Deductions' })).toBeTruthy();
    expect(within(table).getByText('฿75.00')).toBeTruthy();
    // A week of the merchant's calendar: 1 to 7 March.
    expect(within(table).getByText('Mar 1 – 7, 2026')).toBeTruthy();
    expect(within(table).getByText('Scheduled')).toBeTruthy();
    expect(screen.getByText(/No bank account is registered/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add one on the withdraw page.' }).getAttribute('href')).toBe(
      '/agentHome?page=withdraw',
    );
  });

  it('says when a period has no payouts, and shows a refused period in the reader’s language', async () => {
    storeTestSession(2);
    const { unmount } = await renderApp('/agentHome?page=agentRealtimeSalary', {
      replies: {
        ...memberInfo,
        ...allKindsOn,
        '/wps/relay/salary_records': { value: buildPayoutPage([]) },
      },
    });
    expect(await screen.findByText('No real-time salary in this period', {}, slow)).toBeTruthy();
    unmount();

    // The reader chose Thai (the app keeps the stored choice over the merchant's default).
    window.localStorage.setItem(languageStorageKey, 'TY');
    await renderApp('/agentHome?page=agentDailyWages2', {
      language: 'TY',
      replies: {
        ...memberInfo,
        ...allKindsOn,
        '/wps/relay/salary_records': failure(400, 'invalid_range'),
      },
    });
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('โปรดเลือกช่วงวันที่ที่ถูกต้อง');
  });
});
