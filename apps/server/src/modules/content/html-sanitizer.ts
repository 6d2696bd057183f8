import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for operator-authored HTML (announcements, promotions, messages). Anything not listed
 * is dropped: no script, style, iframe, object, form or SVG element, no event handler, no URL scheme but
 * http(s) and mailto (images: http(s) and paths on this site), and only a few style properties whose
 * values match strict patterns, so CSS expressions, url() and imports cannot ride in through style.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'span',
    'div',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'blockquote',
    'hr',
    'small',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*(,\s*[\d.]+\s*){2,3}\)$/i, /^[a-z]{3,20}$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^[a-z]{3,20}$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-size': [/^\d{1,2}(\.\d)?(px|em|rem|%)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
    },
  },
  // Elements whose text is code or hidden markup disappear with their content, not just their tags.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
  ],
  disallowedTagsMode: 'discard',
  // Links that open elsewhere never get a handle on this window.
  transformTags: {
    a: (tagName, attribs) => {
      const attributes: Record<string, string> = { ...attribs };
      delete attributes.rel;
      if (attributes.target !== undefined) {
        if (attributes.target === '_blank') attributes.rel = 'noopener noreferrer';
        else delete attributes.target;
      }
      return { tagName, attribs: attributes };
    },
  },
};

/** Operator HTML reduced to the allow-list; applied when content is saved and again when it is served. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, options);
}
