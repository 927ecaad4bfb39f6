/**
 * Text cut to a number of characters as a shopper counts them (grapheme clusters: an emoji, a
 * flag or an accented letter is one), so a cut never splits a surrogate pair or a joined emoji
 * into a '�'. JavaScript's length and slice count UTF-16 units, which is why they are not used.
 */

export interface Truncation {
  text: string;
  /** True when the text was cut, so a Show More / View more toggle is needed. */
  truncated: boolean;
}

let segmenter: Intl.Segmenter | undefined;

/** The text's characters (grapheme clusters; code points where Intl.Segmenter is missing). */
function characters(text: string): Iterable<string> {
  if (typeof Intl.Segmenter !== 'function') return Array.from(text);
  segmenter ??= new Intl.Segmenter('en-AU', { granularity: 'grapheme' });
  return (function* () {
    for (const { segment } of segmenter!.segment(text)) yield segment;
  })();
}

/** The first `limit` characters of `text`, or undefined when it has no more than that. */
export function headOf(text: string, limit: number): string | undefined {
  // A string never has more characters than UTF-16 units: most texts need no segmenting.
  if (text.length <= limit) return undefined;
  let head = '';
  let count = 0;
  for (const character of characters(text)) {
    if (count === limit) return head;
    head += character;
    count++;
  }
  return undefined;
}

/** `text` cut after `limit` characters, trailing space dropped and `ellipsis` added when cut. */
export function truncate(text: string, limit: number, ellipsis = '…'): Truncation {
  const head = headOf(text, limit);
  return head === undefined
    ? { text, truncated: false }
    : { text: `${head.trimEnd()}${ellipsis}`, truncated: true };
}
