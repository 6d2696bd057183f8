import { expect } from 'vitest';
import type { PaymentsKit } from './payments-kit';

/** Helpers of the content, messages and feedback tests: operator sessions, the XSS corpus and its check. */

/** Logs in the demo operator (or another) and returns the token of a fully enrolled session. */
export { operatorToken } from './payments-kit';

/** A captcha answered as a person would (the answer read from the database). */
export async function solvedCaptcha(kit: PaymentsKit) {
  const reply = await kit.call('GET', '/wps/captcha');
  const captchaId = reply.headers['x-captcha-id'] as string;
  const row = await kit.testApp.database.db
    .selectFrom('captchas')
    .select('answer')
    .where('id', '=', captchaId)
    .executeTakeFirstOrThrow();
  return { captchaId, captcha: row.answer };
}

/**
 * Hostile HTML: script elements, event handlers, javascript:/vbscript:/data: URLs (plain, mixed case,
 * entity-encoded, with control characters), SVG and MathML payloads, CSS expressions and url(), and
 * parser confusion (nested, broken and re-assembling tags).
 */
export const xssCorpus: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="/ok.png" onload="alert(1)">',
  '<body onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href=" &#14; javascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="//evil.example/x">x</a>',
  '<img src="//evil.example/x.png">',
  '<svg onload=alert(1)><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1))">x</div>',
  '<p style="color: red; behavior: url(x.htc)">x</p>',
  '<div style="color: red;\\0065xpression(alert(1))">x</div>',
  '<p style="-moz-binding: url(x.xml#xss)">x</p>',
  '<style>@import "javascript:alert(1)";</style>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<a href="https://ok.example" target="_top" onclick="alert(1)">ok</a>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<p>fine <b>bold</b> <a href="https://ok.example/promo" target="_blank">link</a></p>',
];

const allowedTags = new Set([
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
]);

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');
}

/**
 * Fails unless `html` holds nothing executable: only allow-listed elements, no event handler attribute,
 * every href/src http(s), mailto or a path on this site once entities and control characters are
 * removed, and style values without url(), expression, escapes or behaviours.
 */
export function expectHarmless(html: string): void {
  for (const match of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9:-]*)/g)) {
    expect(allowedTags, `element <${match[1]}> in ${html}`).toContain(match[1]!.toLowerCase());
  }
  expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  for (const match of html.matchAll(/\s(href|src)\s*=\s*"([^"]*)"/gi)) {
    // Browsers drop control characters and spaces inside a scheme, so the check does too.
    const target = [...decodeEntities(match[2]!)]
      .filter((character) => character.charCodeAt(0) > 0x20)
      .join('')
      .toLowerCase();
    expect(target, `${match[1]} in ${html}`).toMatch(/^(https?:|mailto:|\/(?!\/)|[a-z0-9._-]*(\/|$))/);
    expect(target).not.toMatch(/^(javascript|vbscript|data):/);
  }
  for (const match of html.matchAll(/\sstyle\s*=\s*"([^"]*)"/gi)) {
    expect(decodeEntities(match[1]!)).not.toMatch(/url\(|expression|\\|behavior|binding|@import/i);
  }
}
