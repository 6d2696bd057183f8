/**
 * The browser's second pass over server-sanitized HTML (decision 0017): parsed inertly by DOMParser
 * (scripts in a parsed document never run, images never load), then rebuilt from an allow-list of
 * elements and attributes. Anything unknown is dropped with its content when it can hold code, and
 * unwrapped (children kept) otherwise. URLs must be http(s), mailto, or a path on this site.
 */
const allowedElements = new Set([
  'P',
  'BR',
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'S',
  'SPAN',
  'DIV',
  'H1',
  'H2',
  'H3',
  'H4',
  'UL',
  'OL',
  'LI',
  'A',
  'IMG',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
  'BLOCKQUOTE',
  'HR',
  'SMALL',
  'SUB',
  'SUP',
]);
const droppedWithContent = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'SVG',
  'MATH',
  'NOSCRIPT',
  'TEXTAREA',
  'TITLE',
  'XMP',
  'NOEMBED',
  'NOFRAMES',
  'PLAINTEXT',
  'SELECT',
  'OPTION',
]);
const allowedAttributes: Record<string, readonly string[]> = {
  A: ['href', 'title', 'target'],
  IMG: ['src', 'alt', 'width', 'height'],
  TD: ['colspan', 'rowspan'],
  TH: ['colspan', 'rowspan'],
};
const stylePattern =
  /^(color|background-color|text-align|font-weight|font-size|text-decoration)\s*:\s*[#a-z0-9.%(),\s-]{1,40}$/i;

/** Whether a link or image address is safe to keep. */
export function isSafeUrl(value: string, forImage: boolean): boolean {
  const compact = [...value].filter((character) => character.charCodeAt(0) > 0x20).join('');
  if (/^\/(?![/\\])/.test(compact)) return true;
  if (forImage) return /^https?:\/\//i.test(compact);
  return /^(https?:\/\/|mailto:)/i.test(compact);
}

function safeStyle(value: string): string | null {
  const declarations = value
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const kept = declarations.filter((part) => stylePattern.test(part) && !/url\(|expression|\\|@/i.test(part));
  return kept.length > 0 ? kept.join('; ') : null;
}

function copyAttributes(source: Element, target: Element): void {
  const allowed = allowedAttributes[source.tagName] ?? [];
  for (const name of allowed) {
    const value = source.getAttribute(name);
    if (value === null) continue;
    if ((name === 'href' || name === 'src') && !isSafeUrl(value, name === 'src')) continue;
    if (name === 'target' && value !== '_blank') continue;
    target.setAttribute(name, value);
  }
  const style = source.getAttribute('style');
  const kept = style ? safeStyle(style) : null;
  if (kept) target.setAttribute('style', kept);
  if (target.getAttribute('target') === '_blank') target.setAttribute('rel', 'noopener noreferrer');
}

function rebuild(source: Node, target: Node, output: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 3) {
      target.appendChild(output.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    const tag = element.tagName.toUpperCase();
    if (droppedWithContent.has(tag)) continue;
    if (!allowedElements.has(tag)) {
      rebuild(element, target, output);
      continue;
    }
    const copy = output.createElement(tag.toLowerCase());
    copyAttributes(element, copy);
    target.appendChild(copy);
    rebuild(element, copy, output);
  }
}

/** The allow-listed HTML of `html`, ready for dangerouslySetInnerHTML. */
export function safeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const output = document.implementation.createHTMLDocument('');
  const container = output.createElement('div');
  rebuild(parsed.body, container, output);
  return container.innerHTML;
}
