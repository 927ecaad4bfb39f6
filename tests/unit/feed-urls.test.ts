import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeUrl } from '../../src/config/safe-url';
import { describeDropped, describeRejected, validateFeed } from '../../src/feeds/load';

const car = {
  id: 7,
  slug: 'a-7',
  name: '2021 Kia Rio S',
  year: 2021,
  make: 'Kia',
  model: 'Rio',
  car_type: 'used',
  status: 'in_stock',
};

/** Every string anywhere in a validated record. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('URLs from feeds', () => {
  it('keeps a car but leaves out every URL that could run script or leave the site, naming record and field', () => {
    const hostile = {
      ...car,
      external_video_url: 'javascript:alert(document.domain)',
      video_url: 'data:text/html,<script>alert(1)</script>',
      walkaround_videos: [{ video: { url: 'java\tscript:alert(1)' } }],
      videos: [
        { video: { url: 'https://www.youtube.com/embed/abc' } },
        { video: { url: ' JaVaScRiPt:alert(1)' } },
      ],
      images: [
        { image: { url: '/media/a.webp' } },
        { image: { url: '/media/b.webp', thumb: { url: 'vbscript:msgbox(1)' } } },
      ],
      spin_images: [
        '/media/spin/00.webp',
        '//evil.example/01.webp',
        '/\\evil.example/02.webp',
        '/media/spin/03.webp',
      ],
      primary_image_url: 'data:image/svg+xml,<svg onload=alert(1)>',
      file: 'javascript:alert(1)',
      location: {
        id: 1,
        name: 'Yard',
        address: { place_url: 'javascript:alert(1)', city: 'Capalaba' },
      },
    };
    const result = validateFeed('cars', [hostile], 'cars.json');
    expect(result.rejected).toEqual([]);
    const kept = result.records[0]!;
    expect(strings(kept).filter((value) => !isSafeUrl(value) && /[:/]/.test(value))).toEqual([]);
    expect(kept.external_video_url).toBeUndefined();
    expect(kept.videos).toEqual([{ video: { url: 'https://www.youtube.com/embed/abc' } }]);
    expect(kept.images.map(({ image }) => image.url)).toEqual(['/media/a.webp']);
    expect(kept.spin_images).toEqual(['/media/spin/00.webp', '/media/spin/03.webp']);
    expect(kept.location?.address?.city).toBe('Capalaba');
    const lines = result.dropped.flatMap(describeDropped);
    expect(lines).toContain(
      'cars feed (cars.json) record #0 (id 7): external_video_url: expected an http(s) URL or a site path starting with "/"; "javascript:" URLs are not allowed, got "javascript:alert(document.domain)" (left out; the record is kept)',
    );
    expect(lines.map((line) => line.split(': ')[1])).toEqual(
      [
        'video_url',
        'external_video_url',
        'videos[1].video.url',
        'walkaround_videos[0].video.url',
        'images[1].image.thumb.url',
        'primary_image_url',
        'spin_images[1]',
        'spin_images[2]',
        'file',
        'location.address.place_url',
      ].sort(
        (a, b) =>
          lines.findIndex((line) => line.includes(`: ${a}: `)) -
          lines.findIndex((line) => line.includes(`: ${b}: `)),
      ),
    );
    expect(lines.find((line) => line.includes('spin_images[1]'))).toContain(
      'a link starting with "//" goes to another site',
    );
  });

  it('still leaves out a record that has other problems too, listing all of them', () => {
    const result = validateFeed(
      'cars',
      [{ ...car, price: 'call us', external_video_url: 'javascript:alert(1)' }],
      'cars.json',
    );
    expect(result.records).toEqual([]);
    expect(result.rejected.flatMap(describeRejected)).toEqual([
      'cars feed (cars.json) record #0 (id 7): price: expected a number, got "call us"',
      'cars feed (cars.json) record #0 (id 7): external_video_url: expected an http(s) URL or a site path starting with "/"; "javascript:" URLs are not allowed, got "javascript:alert(1)"',
    ]);
  });

  it('checks the URLs of locations, models, offers, reviews and manufacturers the same way', () => {
    const location = validateFeed(
      'locations',
      [
        {
          id: 1,
          name: 'Sales',
          address: {
            city: 'Capalaba',
            state: 'QLD',
            postcode: 4157,
            lat: -27.5,
            long: 153.2,
            place_url: 'javascript:alert(1)',
          },
          website: { name: 'Us', url: 'data:text/html,x' },
          image: { image: { url: '//evil.example/a.png' } },
        },
      ],
      'l.json',
    );
    expect(location.records[0]!.address.place_url).toBeUndefined();
    expect(location.records[0]!.website).toBeUndefined();
    expect(location.records[0]!.image).toBeUndefined();
    const model = validateFeed(
      'models',
      [
        {
          id: 1,
          name: 'Rio',
          slug: 'rio',
          override_url: 'javascript:alert(1)',
          image: { url: 'data:x' },
        },
      ],
      'm.json',
    );
    expect(model.records[0]).toMatchObject({ slug: 'rio' });
    expect(model.records[0]!.override_url).toBeUndefined();
    expect(model.records[0]!.image).toBeUndefined();
    const offer = validateFeed(
      'offers',
      [
        {
          id: 1,
          title: 'Deal',
          slug: 'deal',
          url: 'javascript:alert(1)',
          image: { url: '/media/o.svg' },
        },
      ],
      'o.json',
    );
    expect(offer.records[0]!.url).toBeUndefined();
    expect(offer.records[0]!.image?.url).toBe('/media/o.svg');
    const brand = validateFeed(
      'manufacturers',
      [
        {
          id: 1,
          name: 'Kia',
          slug: 'kia',
          logo: 'javascript:x',
          dealership_websites: [
            { name: 'A', url: 'https://a.example' },
            { name: 'B', url: '//b.example' },
          ],
        },
      ],
      'b.json',
    );
    expect(brand.records[0]!.logo).toBeUndefined();
    expect(brand.records[0]!.dealership_websites.map((site) => site.name)).toEqual(['A']);
    const review = validateFeed(
      'reviews',
      [{ id: 1, customer_name: 'Sam', rating: 5, image: { url: 'javascript:x' } }],
      'r.json',
    );
    expect(review.records[0]!.image).toBeUndefined();
    expect(
      [location, model, offer, brand, review].every((feed) => feed.rejected.length === 0),
    ).toBe(true);
  });

  it('accepts real dealer URLs and site paths, and blanks as "none"', () => {
    const result = validateFeed(
      'cars',
      [
        {
          ...car,
          external_video_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
          video_url: '',
          file: 'HTTP://reports.example.com.au/a.pdf',
          images: [{ image: { url: ' /media/a.webp ' } }],
        },
      ],
      'cars.json',
    );
    expect(result.dropped).toEqual([]);
    expect(result.records[0]).toMatchObject({
      external_video_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      video_url: '',
      images: [{ image: { url: '/media/a.webp' } }],
    });
  });

  it('never lets a URL through that a browser would resolve to another scheme or another host', () => {
    const base = 'https://dealer.example.com.au/cars/x';
    const piece = fc.constantFrom(
      'javascript:',
      'data:',
      '/',
      '//',
      '\\',
      'http:',
      'https://',
      'a.example',
      '\t',
      '\n',
      ' ',
      '%0a',
      '@',
      ':',
      'x',
      '?',
      '#',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(piece, fc.string({ maxLength: 3 })), { maxLength: 6 }),
        (parts) => {
          const value = parts.join('');
          if (!isSafeUrl(value)) return;
          const resolved = new URL(value, base);
          expect(['http:', 'https:']).toContain(resolved.protocol);
          if (!/^https?:\/\//i.test(value)) expect(resolved.host).toBe('dealer.example.com.au');
        },
      ),
      { numRuns: 3000 },
    );
  });
});
