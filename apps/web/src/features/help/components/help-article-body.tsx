/** Splits plain-text content into paragraphs at blank lines. */
export function paragraphsOf(content: string): string[] {
  return content
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** An article's plain text as paragraphs; single line breaks inside a paragraph are kept. */
export function HelpArticleBody({ content }: { content: string }) {
  return (
    <div className="help-article__body">
      {paragraphsOf(content).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
