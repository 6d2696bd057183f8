import './rich-content.css';

/**
 * Operator HTML as the server serves it: sanitized by the server's one allow-list on every read, with the
 * strict Content-Security-Policy (no inline script, handler or style) behind it (decision 0017). Shared by
 * the content pages and the agent centre's announcements.
 */
export function RichContent({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={['rich-content', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
