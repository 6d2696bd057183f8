/**
 * What the operator CLI prints is mostly other people's text: usernames, deposit references, holder and
 * bank names, feedback, messages, server messages. A terminal obeys control characters in that text, so a
 * reference like `REF\x1b[2K\x1b[1G\x1b[32mAPPROVED-BY-BANK` could rewrite the line a finance operator
 * reads, a newline could forge a row, and a bidi override could reverse what an amount looks like. Every
 * character that steers a terminal or the text's direction is therefore shown as a visible `\uXXXX`
 * escape instead. The form is JSON's, so `--json` output stays valid JSON with the same values.
 */

// C0 (U+0000-U+001F), DEL and C1 (U+007F-U+009F), the line and paragraph separators (U+2028, U+2029),
// the bidi embeddings and overrides (U+202A-U+202E) and isolates (U+2066-U+2069).
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's purpose
const steering = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** The text with every control, separator and bidi-override character written as a visible \uXXXX. */
export function escapeControl(text: string): string {
  return text.replace(steering, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Lines to write to a terminal: each line escaped whole (a newline inside a value cannot start a row of
 * its own), then joined by the only newlines the CLI itself means.
 */
export function terminalLines(lines: readonly string[]): string {
  return lines.map((line) => `${escapeControl(line)}\n`).join('');
}

/** Our own multi-line text (usage, JSON) as lines; a final newline does not make an empty last line. */
export function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
