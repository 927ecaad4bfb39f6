import { describe, expect, it } from 'vitest';
import { asciiJsonChunks, latin1Html, latin1Json, latin1Markup } from '../../src/site/latin1';

/** Reads numeric references back the way a browser does. */
const decode = (html: string) =>
  html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const isLatin1 = (text: string) => [...text].every((char) => char.codePointAt(0)! <= 0xff);

describe('latin1Html', () => {
  it('escapes markup and writes characters above U+00FF as references', () => {
    expect(latin1Html('the owner’s manual <b> & "keys"…')).toBe(
      'the owner&#x2019;s manual &lt;b&gt; &amp; &quot;keys&quot;&#x2026;',
    );
  });

  it('keeps Latin-1 letters as they are and reads back to the same text, emoji included', () => {
    const text = 'Citroën C5 · Škoda Octavia — 5★ service 🚗';
    const html = latin1Html(text);
    expect(html).toContain('Citroën C5 · ');
    expect(isLatin1(html)).toBe(true);
    expect(decode(html)).toBe(text);
  });
});

describe('latin1Markup', () => {
  it('keeps the markup and writes characters above U+00FF as references (content pages)', () => {
    const html = '<p>We’ll help <a href="/x?a=1&amp;b=2">you</a> 🚗</p>';
    expect(latin1Markup(html)).toBe(
      '<p>We&#x2019;ll help <a href="/x?a=1&amp;b=2">you</a> &#x1f697;</p>',
    );
    expect(isLatin1(latin1Markup(html))).toBe(true);
  });
});

describe('latin1Json', () => {
  it('is JSON that parses back to the same value, with no character above U+00FF and no "<"', () => {
    const value = {
      name: 'Škoda Kodiaq — 7 seats 🚗',
      description: '</script><script>alert(1)</script>',
    };
    const json = latin1Json(value);
    expect(isLatin1(json)).toBe(true);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('asciiJsonChunks', () => {
  it('is ASCII JSON that parses back to what JSON.stringify gives, whatever the value holds', () => {
    class Point {
      constructor(readonly x: number) {}
    }
    const values: unknown[] = [
      {
        tenant: {
          slug: 'bayside-toyota',
          name: 'Bayside Toyota — Cleveland’s own café',
          empty: {},
          gone: undefined,
        },
        builtAt: '2026-11-24T00:00:00.000Z',
        cars: [
          {
            id: 1,
            name: 'Škoda Kodiaq 🚗',
            price: 41990.5,
            tags: ['<b>', 'ÿ', '\ud800'],
            note: undefined,
            when: new Date(0),
          },
          { id: 2, images: [], nested: { deep: [[1, 2], { a: null }] }, point: new Point(3) },
        ],
        list: [undefined, () => 1, Symbol('s'), null, 0, false, '', { toJSON: () => undefined }],
        // eslint-disable-next-line no-sparse-arrays
        sparse: [1, , 3],
        skipped: () => 1,
      },
      [],
      {},
      'text ’',
      42,
      null,
    ];
    for (const value of values) {
      for (const depth of [0, 1, 2, 5]) {
        const bytes = Buffer.concat(asciiJsonChunks(value, depth));
        expect(bytes.every((byte) => byte < 0x80)).toBe(true);
        const text = bytes.toString('latin1');
        expect(text).not.toContain('<');
        expect(text).toBe(
          JSON.stringify(value).replace(
            /[<\u0080-\uffff]/g,
            (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
          ),
        );
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }
    }
  });
});
