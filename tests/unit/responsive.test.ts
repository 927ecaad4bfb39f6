import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageUrlContext, type ImageUrlContext } from '../../src/domain/images/image-url';
import { IMAGE_WIDTH_LADDER } from '../../src/domain/images/ladder';
import {
  locationSizes,
  responsiveImage,
  SLOT_LAYOUTS,
  widestCandidate,
  type ImageSlot,
} from '../../src/domain/images/responsive';
import { NOT_FOUND_IMAGE } from '../../src/domain/vehicle/media';
import { parseTenant } from '../../src/tenant/load';
import { readFileSync } from 'node:fs';

function context(images?: string): ImageUrlContext {
  const file = 'tenants/bayside-toyota.yaml';
  return imageUrlContext(
    parseTenant(`${readFileSync(file, 'utf8')}${images ? `\nimages: ${images}\n` : ''}`, file),
  );
}

describe('responsive photos', () => {
  it('gives a car card a src near its size, a srcset from phone to desktop at 1x-2x (960 px at most), and the card layout as sizes', () => {
    const card = responsiveImage(context(), '/media/cars/ute/front34-silver.jpg', 'card');
    expect(card.src).toBe('/api/image?url=%2Fmedia%2Fcars%2Fute%2Ffront34-silver.jpg&w=640&q=75');
    expect(card.srcSet!.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual([
      '320w',
      '480w',
      '640w',
      '960w',
    ]);
    expect(card.sizes).toBe(SLOT_LAYOUTS.card.sizes);
  });

  it('gives the vehicle gallery every width the tenant offers, up to 1600 px', () => {
    const gallery = responsiveImage(context(), '/media/cars/ute/front34-silver.jpg', 'gallery');
    expect(gallery.srcSet!.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual([
      '320w',
      '480w',
      '640w',
      '960w',
      '1280w',
      '1600w',
    ]);
  });

  it('offers small fixed-size photos (thumbnails, sticky header) only small widths', () => {
    for (const slot of ['thumb', 'sticky', 'menu'] as ImageSlot[]) {
      const image = responsiveImage(context(), '/media/a.jpg', slot);
      expect(
        Math.max(
          ...image
            .srcSet!.split(', ')
            .map((candidate) => Number(candidate.split(' ')[1]!.replace('w', ''))),
        ),
      ).toBeLessThanOrEqual(320);
    }
  });

  it('uses the tenant CDN when it names one', () => {
    const image = responsiveImage(
      context('{ provider: imgix, domain: https://bayside.imgix.net }'),
      '/media/a.jpg',
      'gallery',
    );
    expect(image.src).toBe('https://bayside.imgix.net/media/a.jpg?w=640&q=75&auto=format');
    expect(image.srcSet).toContain(
      'https://bayside.imgix.net/media/a.jpg?w=1600&q=75&auto=format 1600w',
    );
  });

  it('shows the not-found placeholder for a missing or unsafe photo, and a vector image or one a CDN may not fetch as it is, without srcset', () => {
    expect(responsiveImage(context(), undefined, 'card')).toEqual({ src: NOT_FOUND_IMAGE });
    expect(responsiveImage(context(), '  ', 'card')).toEqual({ src: NOT_FOUND_IMAGE });
    expect(responsiveImage(context(), 'javascript:alert(1)', 'card')).toEqual({
      src: NOT_FOUND_IMAGE,
    });
    expect(
      responsiveImage(
        context('{ provider: cloudflare }'),
        'https://elsewhere.example/a.jpg',
        'card',
      ),
    ).toEqual({ src: 'https://elsewhere.example/a.jpg' });
    expect(responsiveImage(context(), '/media/logo.svg', 'card')).toEqual({
      src: '/media/logo.svg',
    });
  });

  it("resizes a photo on the dealer's own image host with the default resizer", () => {
    const card = responsiveImage(context(), 'https://img.owndealer.com.au/a.jpg', 'card');
    expect(card.src).toBe('/api/image?url=https%3A%2F%2Fimg.owndealer.com.au%2Fa.jpg&w=640&q=75');
    expect(card.srcSet).toContain(' 960w');
  });

  it('picks the widest srcset candidate for print', () => {
    expect(widestCandidate('/a?w=320 320w, /a?w=1600 1600w, /a?w=960 960w')).toBe('/a?w=1600');
    expect(widestCandidate(null)).toBeUndefined();
  });

  it('never needs a photo more than 1.5 times wider than wanted, from 160 to 1280 px (the ladder)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 107, max: 1280 }), (wanted) => {
        const fetched = IMAGE_WIDTH_LADDER.find((width) => width >= wanted)!;
        expect(fetched / wanted).toBeLessThanOrEqual(1.5);
      }),
    );
  });
});

describe('location photos', () => {
  /** The width `sizes` asks for at a viewport width (the first media condition that holds). */
  function slotWidth(sizes: string, viewport: number): number {
    for (const part of sizes.split(', ')) {
      const match = /^(?:\(min-width: (\d+)px\) )?(\d+)(px|vw)$/.exec(part)!;
      if (match[1] && viewport < Number(match[1])) continue;
      return match[3] === 'vw' ? (Number(match[2]) * viewport) / 100 : Number(match[2]);
    }
    throw new Error(sizes);
  }

  it('resize a dealer’s location photo to its card: a phone’s width, half a desktop container, a quarter in a grid of four', () => {
    const photo = responsiveImage(context(), '/media/locations/showroom.jpg', 'location');
    expect(photo.srcSet).toContain('w=640');
    expect(slotWidth(photo.sizes!, 390)).toBe(390);
    expect(slotWidth(photo.sizes!, 1366)).toBe(640);
    // The grid's cards: 1366 px wide with 4 columns is about 310 px a card.
    expect(slotWidth(locationSizes(4), 1366)).toBeLessThan(1.5 * 310);
    expect(slotWidth(locationSizes(3), 1000)).toBeLessThan(1.5 * 300);
    expect(slotWidth(locationSizes(2), 800)).toBe(400);
  });

  it('leave a drawn (SVG) location picture as it is', () => {
    expect(responsiveImage(context(), '/media/locations/showroom.svg', 'location')).toEqual({
      src: '/media/locations/showroom.svg',
    });
  });
});
