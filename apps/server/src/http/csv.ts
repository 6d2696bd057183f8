import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** The most rows one export writes; past it the file ends with a line saying so. */
export const maxCsvRows = 100_000;
/** Rows read per page while exporting. */
export const csvPageSize = 1_000;

/**
 * One CSV cell: quoted when it holds a separator, quote or line break; a text that a spreadsheet would
 * run as a formula (=, +, @, a tab or CR first, or - not starting a number) is prefixed with ' so it
 * stays text.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+@\t\r]/.test(text) || /^-(?!\d)/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: readonly (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Streams a CSV file: the header, then the rows of `readPage(1)`, `readPage(2)`, ... until a page comes
 * back short or `maxCsvRows` are written. The first page is read before anything is sent, so a refused
 * filter is an ordinary error envelope, not a broken file. A byte-order mark leads, for spreadsheets.
 */
export async function sendCsv<Row>(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  readPage: (page: number, pageSize: number) => Promise<Row[]>,
  toCells: (row: Row) => (string | number | null)[],
): Promise<FastifyReply> {
  const first = await readPage(1, csvPageSize);
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    let rows = first;
    let written = 0;
    for (let page = 1; ; page += 1) {
      if (page > 1) rows = await readPage(page, csvPageSize);
      for (const row of rows) {
        if (written === maxCsvRows) {
          yield csvLine([`# cut at ${maxCsvRows} rows: narrow the filters`]);
          return;
        }
        yield csvLine(toCells(row));
        written += 1;
      }
      if (rows.length < csvPageSize) return;
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('x-content-type-options', 'nosniff')
    .send(Readable.from(lines()));
}
