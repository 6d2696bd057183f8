import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOverview } from '../../../test/agent-fixtures';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import type { RecordedRequest } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
const memberInfo = { '/wps/member/info': { value: buildMemberInfo({ type: 2 }) } };

describe('team overview', () => {
  it('shows the team figures as cards and the days as a chart with a table alternative', async () => {
    storeTestSession(2);
    const queries: URLSearchParams[] = [];
    await renderApp('/agentHome?page=agentTeamOverview', {
      replies: {
        ...memberInfo,
        '/wps/agent/team/overview': (request: RecordedRequest) => {
          queries.push(request.url.searchParams);
          return { value: buildOverview() };
        },
      },
    });
    const figures = await screen.findByRole('region', { name: 'Team figures' }, slow);
    const figure = (label: string) => within(figures).getByText(label).nextElementSibling?.textContent;
    expect(figure('Team members')).toBe('12');
    expect(figure('Active members')).toBe('7');
    expect(figure('Deposits')).toBe('฿1,500.00');
    expect(within(figures).getByText('5 deposits')).toBeTruthy();
    expect(figure('Withdrawals')).toBe('฿200.00');
    expect(figure('Valid bet')).toBe('฿800.00');
    expect(figure('Team profit and loss')).toBe('-฿150.00');
    expect(queries[0]?.get('preset')).toBe('last7');

    const chart = screen.getByRole('figure', { name: 'Valid bet and profit and loss per day' });
    expect(within(chart).getByRole('list').textContent).toContain('Valid bet');
    const table = within(chart).getByRole('table', {
      name: 'Valid bet and profit and loss per day, as a table',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['฿300.00', '฿45.50']);
  });

  it('sends the chosen preset, then explicit days, and keeps them in the address', async () => {
    storeTestSession(2);
    const queries: URLSearchParams[] = [];
    const { router } = await renderApp('/agentHome?page=agentTeamOverview', {
      replies: {
        ...memberInfo,
        '/wps/agent/team/overview': (request: RecordedRequest) => {
          queries.push(request.url.searchParams);
          return { value: buildOverview() };
        },
      },
    });
    await screen.findByRole('region', { name: 'Team figures' }, slow);
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'thisMonth' } });
    await waitFor(() => expect(queries.at(-1)?.get('preset')).toBe('thisMonth'));
    expect(router.state.location.search).toContain('preset=thisMonth');

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('A period covers at most 92 days.')).toBeTruthy();
    expect(queries.at(-1)?.get('preset')).toBe('thisMonth');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect([queries.at(-1)?.get('from'), queries.at(-1)?.get('to'), queries.at(-1)?.get('preset')]).toEqual(
        ['2026-01-01', '2026-01-31', null],
      ),
    );
    expect(router.state.location.search).toContain('from=2026-01-01');
  });

  it("shows the server's refusal of a period in the reader's language, with a retry", async () => {
    storeTestSession(2);
    await renderApp('/agentHome?page=agentTeamOverview&from=2026-01-01&to=2026-01-31', {
      replies: {
        ...memberInfo,
        '/wps/agent/team/overview': failure(400, 'invalid_range', null, 'A period covers at most 92 days'),
      },
    });
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('Please choose a valid date range.');
    expect(alert.textContent).toContain(
      'A period covers at most 92 days and starts on or before its last day.',
    );
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
