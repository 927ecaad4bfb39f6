import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { element, xmlText } from '../../src/domain/xml-text';
import { leadToAdf } from '../../api/outbox/adf';

/** What a conforming parser (libxml2) reads back out of `<v>text</v>`. */
const readBack = (text: string): string =>
  execFileSync('xmllint', ['--xpath', 'string(/v)', '-'], {
    input: `<?xml version="1.0" encoding="UTF-8"?><v a="${text}">${text}</v>`,
  })
    .toString('utf8')
    .replace(/\n$/, '');

describe('xmlText: the one XML escaper (listing feeds, ADF leads, sitemaps, sample images)', () => {
  it('escapes the five markup characters, in text and in attribute values', () => {
    expect(xmlText(`Tom & Jerry's "Ute" <4x4>`)).toBe(
      'Tom &amp; Jerry&apos;s &quot;Ute&quot; &lt;4x4&gt;',
    );
    expect(readBack(xmlText(`Tom & Jerry's "Ute" <4x4>`))).toBe(`Tom & Jerry's "Ute" <4x4>`);
  });

  it('drops characters XML 1.0 cannot carry, and keeps tabs, new lines and emoji', () => {
    const hostile = `a\u0000b\u0008c\u000bd\u001fe\ufffef\uffffg\ud800h\udc00i`;
    expect(xmlText(hostile)).toBe('abcdefghi');
    expect(xmlText('one\ttwo\nthree 🚗')).toBe('one\ttwo\nthree 🚗');
    expect(readBack(xmlText(`${hostile} 🚗 & <`))).toBe('abcdefghi 🚗 & <');
  });

  it('writes numbers as they are and leaves plain text untouched', () => {
    expect(xmlText(48990)).toBe('48990');
    expect(xmlText('Ranger XLT')).toBe('Ranger XLT');
  });

  it('leaves an optional listing element out when it has no value', () => {
    expect(element('price', undefined)).toBe('');
    expect(element('price', '')).toBe('');
    expect(element('price', 0)).toBe('<price>0</price>');
  });

  it('is what an ADF lead uses for a shopper-typed name', () => {
    const adf = leadToAdf({
      lead_id: 'L1',
      form: 'enquiry',
      submitted_at: '2026-11-28T01:00:00Z',
      site: {
        slug: 'bayside-toyota',
        name: 'Bayside',
        url: 'https://example.test',
        email: 'sales@example.test',
        phone: '',
      },
      customer: {
        first_name: `O'Brien <b>\u0000`,
        last_name: 'Smith & Co',
        email: 'o@example.test',
        phone: '0400000000',
        postcode: '',
      },
      fields: {},
    } as unknown as Parameters<typeof leadToAdf>[0]);
    expect(adf).toContain('<name part="first">O&apos;Brien &lt;b&gt;</name>');
    expect(adf).toContain('<name part="last">Smith &amp; Co</name>');
  });
});
