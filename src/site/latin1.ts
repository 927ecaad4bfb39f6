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

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML (escaped), with every character above U+00FF as a numeric character reference. */
export function latin1Html(text: string): string {
  return text.replace(/[&<>"']|[\u{100}-\u{10ffff}]/gu, (char) => HTML_ESCAPES[char] ?? `&#x${char.codePointAt(0)!.toString(16)};`);
}

/** JSON for a <script> element: `<` and every character above U+00FF as \u escapes (still valid JSON). */
export function latin1Json(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u0100-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
