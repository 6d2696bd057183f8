/** One CSV cell: quoted when it holds a comma, quote or line break; a formula lead is defused. */
function csvCell(value: string): string {
  // A cell starting with =, +, - or @ is run as a formula by spreadsheets; a quote mark keeps it text.
  // Signed point changes ("-300") are plain numbers, which spreadsheets read safely, so they stay.
  const safe = /^[=+@]/.test(value) || (/^-/.test(value) && !/^-[\d.,]+$/.test(value)) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows (the first the header) as CSV text with CRLF line ends and a BOM, so spreadsheets read Thai. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Hands text to the browser's download as a file, through a temporary object URL and link. */
export function saveText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is released a little later for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
