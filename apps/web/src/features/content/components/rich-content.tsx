import { useMemo } from 'react';
import { safeHtml } from '../lib/safe-html';

/** Operator HTML (already sanitized by the server) after the browser's own allow-list pass. */
export function RichContent({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => safeHtml(html), [html]);
  return (
    <div
      className={['rich-content', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
