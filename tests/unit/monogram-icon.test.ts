import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { monogramInitials, monogramPng } from '../../src/site/monogram-icon';

const tenant = {
  name: 'Bayside Toyota',
  theme: { colours: { primary: '#c8102e', on_primary: '#ffffff' } },
} as Parameters<typeof monogramPng>[0];

describe('the monogram icon (src/site/monogram-icon.ts)', () => {
  it('takes up to two initials of the words that start with a letter', () => {
    expect(monogramInitials('Bayside Toyota')).toBe('BT');
    expect(monogramInitials('Southern Cross Motor Group')).toBe('SC');
    expect(monogramInitials('4WD Centre of sydney')).toBe('CO');
    expect(monogramInitials('Aurora')).toBe('A');
  });

  it('is a PNG of the asked size, the tenant colour at its middle edge and the lettering in between', async () => {
    for (const size of [64, 180]) {
      const png = await monogramPng(tenant, size);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([size, size]);
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * size + x) * info.channels, (y * size + x) * info.channels + 3),
      ];
      // Left edge halfway down: outside the letters, inside the rounded corners.
      expect(pixel(1, size / 2)).toEqual([0xc8, 0x10, 0x2e]);
      // Some pixel of the middle band is light: the initials are drawn in on_primary.
      const band = Array.from({ length: size }, (_, x) => pixel(x, Math.round(size * 0.55)));
      expect(band.some(([r, g, b]) => r! > 200 && g! > 200 && b! > 200)).toBe(true);
    }
  });
});
