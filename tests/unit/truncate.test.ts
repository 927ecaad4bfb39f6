import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { headOf, truncate } from '../../src/domain/truncate';
import { dealerComments, COMMENTS_TRUNCATE_AT } from '../../src/domain/vehicle/comments';
import { reviewExcerpt, REVIEW_TEXT_LIMIT } from '../../src/domain/reviews';
import { truncateDisclaimer, DISCLAIMER_TRUNCATE_AT } from '../../src/domain/finance/disclaimer';
import { truncateText } from '../../src/domain/models';

/** A UTF-16 unit of a surrogate pair without its partner: shown as '�'. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Texts around a limit, rich in characters of more than one UTF-16 unit (emoji, flags, accents). */
const textsNear = (limit: number) =>
  fc.string({
    unit: fc.oneof(
      fc.constantFrom('a', ' ', '😀', '🇦🇺', '👨‍👩‍👧', 'e\u0301', '𝔸'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    ),
    minLength: Math.max(0, limit - 10),
    maxLength: limit + 20,
  });
const characters = (text: string) =>
  [...new Intl.Segmenter('en-AU', { granularity: 'grapheme' }).segment(text)].length;

// Every truncation a shopper sees, by its SPEC limit: dealer comments 400, reviews 160,
// finance disclaimers 197, model descriptions 75 (previews) and 200 (range items).
const cuts: Array<[string, number, (text: string) => string]> = [
  // What the page shows: the short text when cut, else the (trimmed) full text.
  [
    'dealer comments',
    COMMENTS_TRUNCATE_AT,
    (text) => dealerComments(text)?.short ?? dealerComments(text)?.full ?? '',
  ],
  ['review cards', REVIEW_TEXT_LIMIT, (text) => reviewExcerpt(text).text],
  ['finance disclaimers', DISCLAIMER_TRUNCATE_AT, (text) => truncateDisclaimer(text).text],
  ['model previews', 75, (text) => truncateText(text, 75)],
  ['model range items', 200, (text) => truncateText(text, 200)],
];

describe.each(cuts)('%s (cut at %i)', (_name, limit, cut) => {
  it('an emoji across the cut stays whole instead of becoming a lone surrogate', () => {
    // The limit-th character is an emoji: by UTF-16 units the cut falls inside its pair.
    const text = `${'a'.repeat(limit - 1)}😀 and more words after the cut`;
    const shown = cut(text);
    expect(shown).not.toMatch(LONE_SURROGATE);
    expect(shown).not.toContain('\uFFFD');
  });

  it('a flag or a family emoji (several code points) is never split', () => {
    for (const emoji of ['🇦🇺', '👨‍👩‍👧', '👍🏽']) {
      const text = `${'a'.repeat(limit - 1)}${emoji}${'b'.repeat(50)}`;
      expect(cut(text).startsWith(`${'a'.repeat(limit - 1)}${emoji}`)).toBe(true);
    }
  });

  it('property: never a lone surrogate, never more than the limit of characters before the ellipsis', () => {
    fc.assert(
      fc.property(textsNear(limit), (text) => {
        const shown = cut(text);
        expect(shown).not.toMatch(LONE_SURROGATE);
        expect(characters(shown.replace(/(…|\.\.\.)$/, ''))).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 100 },
    );
  });
});

describe('truncate (the one helper)', () => {
  it('counts characters as a shopper does: 5 emoji are 5 characters', () => {
    expect(truncate('😀😀😀😀😀', 5)).toEqual({ text: '😀😀😀😀😀', truncated: false });
    expect(truncate('😀😀😀😀😀😀', 5)).toEqual({ text: '😀😀😀😀😀…', truncated: true });
    expect(truncate('abc def', 4, '...')).toEqual({ text: 'abc...', truncated: true });
  });

  it('property: the shown text is a prefix of the original (plus the ellipsis), well formed', () => {
    fc.assert(
      fc.property(textsNear(30), fc.integer({ min: 0, max: 40 }), (text, limit) => {
        const head = headOf(text, limit);
        if (head === undefined) {
          expect(characters(text)).toBeLessThanOrEqual(limit);
          return;
        }
        expect(text.startsWith(head)).toBe(true);
        expect(characters(head)).toBe(limit);
        expect(head).not.toMatch(LONE_SURROGATE);
      }),
      { numRuns: 500 },
    );
  });
});
