import { fireEvent, render, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n';
import { DataTable, type DataColumn, type DataTableStates } from './data-table';

interface Round {
  roundId: string;
  game: string;
  bet: string;
}

const columns: DataColumn<Round>[] = [
  { id: 'round', header: 'Round', cell: (row) => row.roundId },
  { id: 'game', header: 'Game', cell: (row) => <strong>{row.game}</strong> },
  { id: 'bet', header: 'Bet', numeric: true, cell: (row) => row.bet },
];
const rows: Round[] = [
  { roundId: 'r-1', game: 'Dice', bet: '10.00' },
  { roundId: 'r-2', game: 'Mines', bet: '2.50' },
];
const states: DataTableStates = { empty: { title: 'No bets yet', text: 'Bets you place show here.' } };

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n('EN');
});
const renderTable = (element: ReactElement) =>
  render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);

describe('DataTable', () => {
  it('renders a named table with column headers and one row per record', () => {
    renderTable(
      <DataTable
        caption="Betting records"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.roundId}
        states={states}
      />,
    );
    const table = screen.getByRole('table', { name: 'Betting records' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Round', 'Game', 'Bet']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['r-1', 'Dice', '10.00']);
    expect(within(second!).getByText('Mines').tagName).toBe('STRONG');
    const bet = within(first!).getAllByRole('cell')[2]!;
    expect(bet.getAttribute('data-label')).toBe('Bet');
    expect(bet.className).toBe('data-table__number');
  });

  it('shows the loading, error and empty states instead of a table', () => {
    const onRetry = vi.fn();
    const { rerender } = renderTable(
      <DataTable
        caption="Bets"
        columns={columns}
        rows={undefined}
        rowKey={(row) => row.roundId}
        states={states}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();

    rerender(
      <I18nextProvider i18n={i18n}>
        <DataTable
          caption="Bets"
          columns={columns}
          rows={undefined}
          rowKey={(row) => row.roundId}
          states={{ ...states, error: { message: 'Network abnormal', onRetry } }}
        />
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Network abnormal');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(
      <I18nextProvider i18n={i18n}>
        <DataTable caption="Bets" columns={columns} rows={[]} rowKey={(row) => row.roundId} states={states} />
      </I18nextProvider>,
    );
    expect(screen.getByText('No bets yet')).toBeTruthy();
    expect(screen.getByText('Bets you place show here.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages with the pager under the table', () => {
    const onPage = vi.fn();
    renderTable(
      <DataTable
        caption="Bets"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.roundId}
        states={states}
        paging={{ page: 1, totalPages: 3, onPage }}
      />,
    );
    const pager = screen.getByRole('navigation');
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('asks the server for a sort from a sortable header, and says the current order with aria-sort', () => {
    const onSort = vi.fn();
    const sortable: DataColumn<Round>[] = [
      { id: 'round', header: 'Round', cell: (row) => row.roundId },
      { id: 'game', header: 'Game', sortKey: 'game', cell: (row) => row.game },
      { id: 'bet', header: 'Bet', numeric: true, sortKey: 'bet', cell: (row) => row.bet },
    ];
    renderTable(
      <DataTable
        caption="Bets"
        columns={sortable}
        rows={rows}
        rowKey={(row) => row.roundId}
        states={states}
        sorting={{ key: 'bet', order: 'desc', onSort }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Bets' });
    const [round, game, bet] = within(table).getAllByRole('columnheader');
    expect(round!.getAttribute('aria-sort')).toBeNull();
    expect(within(round!).queryByRole('button')).toBeNull();
    expect(game!.getAttribute('aria-sort')).toBe('none');
    expect(bet!.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(game!).getByRole('button', { name: /Game/ }));
    expect(onSort).toHaveBeenCalledWith('game');
  });

  it('shows a totals row under the rows, its cells named by their column', () => {
    renderTable(
      <DataTable
        caption="Bets"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.roundId}
        states={states}
        footer={{ round: 'Total', bet: '12.50' }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Bets' });
    const footer = within(table).getAllByRole('rowgroup').at(-1)!;
    const cells = within(footer).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Total', '', '12.50']);
    expect(cells[2]!.getAttribute('data-label')).toBe('Bet');
    expect(cells[2]!.className).toBe('data-table__number');
  });
});
