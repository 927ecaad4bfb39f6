/**
 * Page text written with characters beyond Latin-1 as references (`&#x2019;`, `\u2019` in JSON).
 *
 * Why: V8 keeps a string with no character above U+00FF at one byte per character. A single "’"
 * anywhere in a page makes Astro's whole page string two bytes per character, so an 80 KB vehicle
 * page becomes a 160 KB string, past V8's 128 KB limit for ordinary heap objects. Every such page
 * then costs a fresh large-object allocation when Astro encodes it (about 0.75 ms a page on the
 * build machines, 13% of a 10,000-car build). Free text from feeds (dealer comments) and JSON-LD
 * go through here; the templates themselves use only Latin-1 (glyphs like ‹ › are CSS content).
 * Browsers read the references back as the same characters.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML (escaped), with every character above U+00FF as a numeric character reference. */
export function latin1Html(text: string): string {
  return text.replace(
    /[&<>"']|[\u{100}-\u{10ffff}]/gu,
    (char) => HTML_ESCAPES[char] ?? `&#x${char.codePointAt(0)!.toString(16)};`,
  );
}

/** HTML that is already markup (rendered Markdown), with every character above U+00FF as a numeric character reference. */
export function latin1Markup(html: string): string {
  return html.replace(
    /[\u{100}-\u{10ffff}]/gu,
    (char) => `&#x${char.codePointAt(0)!.toString(16)};`,
  );
}

/** JSON text with the characters `pattern` matches written as \u escapes (still valid JSON). */
const escapeJson = (json: string, pattern: RegExp) =>
  json.replace(pattern, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
const PAST_LATIN1 = /[<\u0100-\uffff]/g;
const PAST_ASCII = /[<\u0080-\uffff]/g;

/** JSON for a <script> element: `<` and every character above U+00FF as \u escapes (still valid JSON). */
export function latin1Json(value: unknown): string {
  return escapeJson(JSON.stringify(value), PAST_LATIN1);
}

/**
 * JSON of a big value as ASCII chunks (`<` and every character past U+007F as \u escapes), for
 * writing to a file that is read back with no UTF-8 decoding (src/site/snapshot.ts). Arrays and
 * plain objects down to `depth` levels are stringified an element at a time: V8 takes 1.2 s to
 * build the single 45 MB string of a 10,000-car site's data, and a fifth of that for the cars one
 * by one.
 */
export function asciiJsonChunks(value: unknown, depth = 2): Buffer[] {
  const chunks: Buffer[] = [];
  const text = (piece: string) => chunks.push(Buffer.from(piece, 'latin1'));
  const put = (item: unknown, level: number): void => {
    const splittable =
      level < depth &&
      item !== null &&
      typeof item === 'object' &&
      typeof (item as { toJSON?: unknown }).toJSON !== 'function' &&
      (Array.isArray(item) || Object.getPrototypeOf(item) === Object.prototype);
    if (!splittable) {
      // undefined, a function or a symbol (or a toJSON giving one) is null, as JSON.stringify writes
      // it in an array; object members that JSON.stringify leaves out never get here.
      const json = JSON.stringify(item) as string | undefined;
      text(json === undefined ? 'null' : escapeJson(json, PAST_ASCII));
      return;
    }
    if (Array.isArray(item)) {
      text('[');
      // An index loop, not forEach: a hole in a sparse array is written as null, as JSON.stringify does.
      for (let index = 0; index < item.length; index++) {
        if (index) text(',');
        put(item[index], level + 1);
      }
      text(']');
      return;
    }
    text('{');
    let first = true;
    for (const [key, member] of Object.entries(item)) {
      if (member === undefined || typeof member === 'function' || typeof member === 'symbol')
        continue;
      text(`${first ? '' : ','}${escapeJson(JSON.stringify(key), PAST_ASCII)}:`);
      first = false;
      put(member, level + 1);
    }
    text('}');
  };
  put(value, 0);
  return chunks;
}
