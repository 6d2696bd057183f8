import { z } from 'zod';

/**
 * Control characters in input (security finding: a NUL byte reached PostgreSQL and answered 500; ESC
 * sequences in a deposit reference rewrote the operator's terminal). Every string of every call is
 * refused with them, so the failure is a 400 `validation_failed` naming the field; tab, line feed and
 * carriage return stay allowed in free text, and one-line fields refuse those too.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const lineBreakOrControl = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** How deep input is walked; JSON bodies nest far less, and deeper input is refused, not skipped. */
const maxDepth = 32;

export interface ControlCharacterIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Every place in a parsed input (strings, object keys, array items, nested) that holds a control
 * character other than tab, line feed and carriage return.
 */
export function controlCharacterIssues(value: unknown): ControlCharacterIssue[] {
  const issues: ControlCharacterIssue[] = [];
  const walk = (node: unknown, path: (string | number)[]): void => {
    if (issues.length >= 20) return;
    if (typeof node === 'string') {
      if (controlCharacter.test(node)) issues.push({ path, message: 'must not contain control characters' });
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (path.length >= maxDepth) {
      issues.push({ path, message: 'is nested too deeply' });
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, [...path, index]));
      return;
    }
    for (const [key, item] of Object.entries(node)) {
      if (controlCharacter.test(key)) issues.push({ path, message: 'has a key with control characters' });
      walk(item, [...path, key]);
    }
  };
  walk(value, []);
  return issues;
}

/** The shared refinement: adds an issue for each control character found anywhere in the input. */
export function refuseControlCharacters(value: unknown, context: z.RefinementCtx): void {
  for (const issue of controlCharacterIssues(value)) {
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: value });
  }
}

/** Guards a call's input schema: control characters anywhere are refused before the schema runs. */
export function withoutControlCharacters<T extends z.ZodType>(schema: T) {
  return z.unknown().superRefine(refuseControlCharacters).pipe(schema);
}

/** Whether a text is one line: no line breaks, line separators or control characters. */
export function isOneLine(text: string): boolean {
  return !lineBreakOrControl.test(text);
}

export const oneLineMessage = 'must be one line without control characters';

/** A required one-line text field (references, names, nicknames, senders), trimmed. */
export function oneLine(maxLength: number) {
  return z.string().trim().min(1).max(maxLength).refine(isOneLine, oneLineMessage);
}
