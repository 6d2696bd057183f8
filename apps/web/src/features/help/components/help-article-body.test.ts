import { describe, expect, it } from 'vitest';
import { paragraphsOf } from './help-article-body';

describe('paragraphsOf', () => {
  it('splits plain text at blank lines and drops empty paragraphs', () => {
    const content = 'First line\nstill first.\n\n  Second.  \r\n\r\nThird.\n\n\n';
    expect(paragraphsOf(content)).toEqual(['First line\nstill first.', 'Second.', 'Third.']);
  });
});
