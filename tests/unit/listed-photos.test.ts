import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listedImageUrls } from '../../src/site/listed-images';
import { normalisePhotoUrl } from '../../src/domain/images/normalise-url';
import { unresizedPhotosNote } from '../../src/site/unresized-photos';
import { parseTenant } from '../../src/tenant/load';
import type { SiteData } from '../../src/site/types';

const HOST = 'https://img.owndealer.com.au';

/** The bayside tenant file with `extra` YAML appended (no slides or promo cards of its own), and a car with photos on the dealer's own image host. */
function siteWith(extra = ''): SiteData {
  const file = 'tenants/bayside-toyota.yaml';
  const tenant = parseTenant(`${readFileSync(file, 'utf8')}\n${extra}\n`, file);
  tenant.content.slides = [];
  tenant.promos.cards = [];
  return {
    tenant,
    builtAt: '2026-11-27T00:00:00Z',
    cars: [
      {
        id: 1,
        images: [
          { image: { url: `${HOST}/1/a.jpg`, thumb: { url: `${HOST}/1/a-thumb.jpg` } } },
          { image: { url: '/media/cars/b.jpg' } },
        ],
        primary_image_url: `${HOST}/1/a.jpg`,
        spin_images: [`${HOST}/1/spin-0.jpg`],
        video_url: `${HOST}/1/walkaround.mp4`,
        location: { address: { place_url: 'https://maps.example.com/?q=x' } },
      },
    ],
    locations: [
      {
        id: 2,
        image: { image: { url: `${HOST}/yard.jpg` } },
        website: { url: 'https://dealer.example.com' },
      },
    ],
    models: [
      {
        id: 3,
        cloudfront_new_image_url: `${HOST}/models/corolla.png`,
        override_url: 'https://example.com/corolla',
      },
    ],
    specialHours: [],
    reviews: [],
    manufacturers: [],
    offers: [],
  } as unknown as SiteData;
}

describe('the photo URLs a site lists', () => {
  it('are its picture fields (car, spin, location, model, slide images), not links, videos or the hosts it names', () => {
    const site = siteWith(`media_hosts: { image: ['${HOST}'] }`);
    site.tenant.content.slides = [
      { name: 'Sale', image: `${HOST}/slides/sale.jpg`, url: '/specials', hide_overlay: false },
    ];
    expect(new Set(listedImageUrls(site))).toEqual(
      new Set([
        `${HOST}/1/a.jpg`,
        `${HOST}/1/a-thumb.jpg`,
        '/media/cars/b.jpg',
        `${HOST}/1/spin-0.jpg`,
        `${HOST}/yard.jpg`,
        `${HOST}/models/corolla.png`,
        `${HOST}/slides/sale.jpg`,
      ]),
    );
  });

  it('are normalised to one spelling, keeping the query string', () => {
    expect(
      normalisePhotoUrl('HTTPS://Img.OwnDealer.com.au:443/a/./b/../c%2Ejpg?%73ize=l#top'),
    ).toBe(`${HOST}/a/c.jpg?size=l`);
    expect(normalisePhotoUrl(`${HOST}/a%2fb.jpg`)).toBe(`${HOST}/a%2Fb.jpg`);
    expect(normalisePhotoUrl('/media/a.jpg')).toBeUndefined();
    expect(normalisePhotoUrl('ftp://host/a.jpg')).toBeUndefined();
  });

  it('give a URL that parses to itself and normalises to itself, for any URL-like text', () => {
    const part = fc.constantFrom(
      'a',
      'B',
      '0',
      '.',
      '..',
      '%2e',
      '%41',
      '%2F',
      '~',
      "'",
      ' ',
      '?',
      '#',
      '/',
      ':',
      '@',
      'xn--',
      '-',
      '%',
      '\\',
    );
    const text = fc.array(part, { maxLength: 12 }).map((parts) => parts.join(''));
    const host = fc.constantFrom(
      'img.dealer.com.au',
      'IMG.Dealer.com',
      '127.1',
      '0x7f.0.0.1',
      'h.com:80',
      'h.com:443',
      'h.com:8080',
      'xn--a.com',
      'a-b.c0',
    );
    fc.assert(
      fc.property(fc.constantFrom('http', 'https', 'HTTP'), host, text, (scheme, name, rest) => {
        const url = normalisePhotoUrl(`${scheme}://${name}/${rest}`);
        if (url === undefined) return;
        expect(new URL(url).href).toBe(url);
        expect(normalisePhotoUrl(url)).toBe(url);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the build note on photos served unresized', () => {
  it('says nothing with the default resizer, which takes every listed photo', () => {
    expect(unresizedPhotosNote(siteWith())).toBeUndefined();
  });

  it('counts the photos a CDN may not fetch, names their host and the setting that fixes it', () => {
    expect(unresizedPhotosNote(siteWith('images: { provider: cloudflare }'))).toBe(
      `5 of 6 photos will be served unresized (from ${HOST}): cloudflare is sent photos only from the site, its feed hosts and media_hosts.image: add it to media_hosts.image`,
    );
    expect(
      unresizedPhotosNote(
        siteWith(`images: { provider: cloudflare }\nmedia_hosts: { image: ['${HOST}'] }`),
      ),
    ).toBeUndefined();
    expect(
      unresizedPhotosNote(
        siteWith('images: { provider: imgix, domain: https://bayside.imgix.net }'),
      ),
    ).toMatch(
      /^5 of 6 photos will be served unresized \(from https:\/\/img\.owndealer\.com\.au\): imgix resizes only photos under https:\/\/.* \(images\.source_origin\)$/,
    );
  });
});
