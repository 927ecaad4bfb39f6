import { describe, expect, it } from 'vitest';
import {
  imageCdnOrigin,
  imageOrigins,
  imageUrl,
  srcset,
  type ImageUrlContext,
} from '../../src/domain/images/image-url';
import { ImagesSchema } from '../../src/tenant/schema/images';

const FEED_PHOTO = 'https://photos.dealerfeed.com.au/stock/ab 12/Camry hybrid ü.jpg?v=2&size=large';

function context(settings: unknown): ImageUrlContext {
  return {
    settings: ImagesSchema.parse(settings),
    siteUrl: 'https://bayside.example.com.au',
    allowedOrigins: ['https://photos.dealerfeed.com.au'],
  };
}

describe('image URLs per provider', () => {
  it('embedded: the site API with a ladder width, the quality, and the original encoded', () => {
    const embedded = context(undefined);
    expect(imageUrl(embedded, '/media/cars/camry 1.jpg', 640)).toBe(
      '/api/image?url=%2Fmedia%2Fcars%2Fcamry%25201.jpg&w=640&q=75',
    );
    expect(imageUrl(embedded, FEED_PHOTO, 700, { quality: 60 })).toBe(
      `/api/image?url=${encodeURIComponent('https://photos.dealerfeed.com.au/stock/ab%2012/Camry%20hybrid%20%C3%BC.jpg?v=2&size=large').replace(/%20/g, '+')}&w=960&q=60`,
    );
  });

  it('imgix: w, q, fm or auto=format on the imgix domain, for photos under the Web Folder origin', () => {
    const imgix = context({ provider: 'imgix', domain: 'https://bayside.imgix.net' });
    expect(imageUrl(imgix, '/media/cars/camry 1.jpg?v=3', 640)).toBe(
      'https://bayside.imgix.net/media/cars/camry%201.jpg?v=3&w=640&q=75&auto=format',
    );
    expect(
      imageUrl(imgix, 'https://bayside.example.com.au/media/a.jpg', 320, {
        format: 'webp',
        quality: 50,
      }),
    ).toBe('https://bayside.imgix.net/media/a.jpg?w=320&q=50&fm=webp');
    // A feed photo is not under the Web Folder source: left as it is.
    expect(imageUrl(imgix, FEED_PHOTO, 640)).toBe(FEED_PHOTO);
    const feedFolder = context({
      provider: 'imgix',
      domain: 'https://feed.imgix.net',
      source_origin: 'https://photos.dealerfeed.com.au',
      format: 'jpeg',
    });
    expect(imageUrl(feedFolder, FEED_PHOTO, 960)).toBe(
      'https://feed.imgix.net/stock/ab%2012/Camry%20hybrid%20%C3%BC.jpg?v=2&size=large&w=960&q=75&fm=jpg',
    );
  });

  it('cloudinary: the fetch type with w_, q_, f_ and the absolute original fully encoded', () => {
    const cloudinary = context({
      provider: 'cloudinary',
      cloud_name: 'bayside-cloud',
      quality: 70,
    });
    expect(imageUrl(cloudinary, '/media/cars/camry.jpg', 480)).toBe(
      'https://res.cloudinary.com/bayside-cloud/image/fetch/c_limit,w_480,q_70,f_auto/https%3A%2F%2Fbayside.example.com.au%2Fmedia%2Fcars%2Fcamry.jpg',
    );
    const url = imageUrl(cloudinary, FEED_PHOTO, 640, { format: 'jpeg' })!;
    expect(url).toMatch(
      /^https:\/\/res\.cloudinary\.com\/bayside-cloud\/image\/fetch\/c_limit,w_640,q_70,f_jpg\/https%3A%2F%2Fphotos/,
    );
    // The query string travels with the original instead of becoming Cloudinary's.
    expect(url).not.toContain('?');
    expect(decodeURIComponent(url.split('/').pop()!)).toBe(
      'https://photos.dealerfeed.com.au/stock/ab%2012/Camry%20hybrid%20%C3%BC.jpg?v=2&size=large',
    );
  });

  it('cloudflare: /cdn-cgi/image/ options, a zone path for site photos, an absolute URL for feed photos', () => {
    const cloudflare = context({ provider: 'cloudflare' });
    expect(imageUrl(cloudflare, '/media/cars/camry 1.jpg', 640)).toBe(
      '/cdn-cgi/image/width=640,quality=75,format=auto,fit=scale-down/media/cars/camry%201.jpg',
    );
    expect(imageUrl(cloudflare, FEED_PHOTO, 320, { format: 'avif' })).toBe(
      '/cdn-cgi/image/width=320,quality=75,format=avif,fit=scale-down/https://photos.dealerfeed.com.au/stock/ab%2012/Camry%20hybrid%20%C3%BC.jpg?v=2&size=large',
    );
    const zone = context({ provider: 'cloudflare', zone: 'https://images.bayside.com.au' });
    expect(imageUrl(zone, '/media/a.jpg', 960)).toBe(
      'https://images.bayside.com.au/cdn-cgi/image/width=960,quality=75,format=auto,fit=scale-down/https://bayside.example.com.au/media/a.jpg',
    );
  });

  it('template: fills {url} (encoded), {width}, {quality}, {format}', () => {
    const template = context({
      provider: 'template',
      template: 'https://img.example.com/{url}?w={width}&q={quality}&fm={format}',
      format: 'webp',
    });
    expect(imageUrl(template, FEED_PHOTO, 1280)).toBe(
      `https://img.example.com/${encodeURIComponent('https://photos.dealerfeed.com.au/stock/ab%2012/Camry%20hybrid%20%C3%BC.jpg?v=2&size=large')}?w=1280&q=75&fm=webp`,
    );
    expect(imageUrl(template, '/media/a.jpg', 320)).toBe(
      'https://img.example.com/https%3A%2F%2Fbayside.example.com.au%2Fmedia%2Fa.jpg?w=320&q=75&fm=webp',
    );
  });
});

describe('vector images', () => {
  it('are left as they are, with no srcset', () => {
    for (const settings of [
      undefined,
      { provider: 'cloudinary', cloud_name: 'c' },
      { provider: 'cloudflare' },
    ]) {
      expect(imageUrl(context(settings), '/media/not-found.svg', 640)).toBe('/media/not-found.svg');
      expect(srcset(context(settings), '/media/not-found.svg')).toBeUndefined();
    }
  });
});

describe('the allow-list of origins', () => {
  it('sends a CDN only the site, its feed hosts and media_hosts.image; others pass through, unsafe values give nothing', () => {
    for (const settings of [
      { provider: 'cloudinary', cloud_name: 'c' },
      { provider: 'cloudflare' },
    ]) {
      const ctx = context(settings);
      expect(imageUrl(ctx, 'https://evil.example.net/x.jpg', 640)).toBe(
        'https://evil.example.net/x.jpg',
      );
      expect(imageUrl(ctx, 'javascript:alert(1)', 640)).toBeUndefined();
      expect(imageUrl(ctx, '//evil.example.net/x.jpg', 640)).toBeUndefined();
      expect(srcset(ctx, 'https://evil.example.net/x.jpg')).toBeUndefined();
    }
  });

  it('sends the embedded resizer a photo on any http(s) host (the route takes only the URLs the site lists)', () => {
    const ctx = context(undefined);
    expect(imageUrl(ctx, 'https://img.owndealer.com.au/stock/1.jpg', 640)).toBe(
      `/api/image?url=${encodeURIComponent('https://img.owndealer.com.au/stock/1.jpg')}&w=640&q=75`,
    );
    expect(srcset(ctx, 'https://img.owndealer.com.au/stock/1.jpg')).toContain('&w=1600&q=75 1600w');
    expect(imageUrl(ctx, 'javascript:alert(1)', 640)).toBeUndefined();
    expect(imageUrl(ctx, '//evil.example.net/x.jpg', 640)).toBeUndefined();
  });

  it('collects feed URL hosts and media_hosts.image, not feed file paths', () => {
    expect(
      imageOrigins({
        feeds: {
          cars: 'https://feeds.dealer.com.au/cars.json?key=1',
          locations: 'data/locations.json',
          offers: 'http://127.0.0.1:8080/o.json',
        },
        media_hosts: { image: ['https://cdn.dealer.com.au'], video: [] },
      }),
    ).toEqual([
      'https://feeds.dealer.com.au',
      'http://127.0.0.1:8080',
      'https://cdn.dealer.com.au',
    ]);
  });
});

describe('the CDN origin the CSP must allow', () => {
  it('names the host resized photos come from, none for the site itself', () => {
    const origin = (settings: unknown) => imageCdnOrigin(ImagesSchema.parse(settings));
    expect(origin(undefined)).toBeUndefined();
    expect(origin({ provider: 'cloudflare' })).toBeUndefined();
    expect(origin({ provider: 'cloudflare', zone: 'https://img.dealer.com.au' })).toBe(
      'https://img.dealer.com.au',
    );
    expect(origin({ provider: 'imgix', domain: 'https://d.imgix.net' })).toBe(
      'https://d.imgix.net',
    );
    expect(origin({ provider: 'cloudinary', cloud_name: 'c' })).toBe('https://res.cloudinary.com');
    expect(
      origin({ provider: 'template', template: 'https://img.example.com/{url}?w={width}' }),
    ).toBe('https://img.example.com');
  });
});

describe('srcset', () => {
  it('lists each width once with its w descriptor and no spaces inside a URL', () => {
    const value = srcset(
      context({ provider: 'cloudinary', cloud_name: 'c' }),
      '/media/a b.jpg',
      [640, 320],
    )!;
    const candidates = value.split(', ');
    expect(candidates.map((candidate) => candidate.split(' ')[1])).toEqual(['320w', '640w']);
    for (const candidate of candidates) expect(candidate.split(' ')).toHaveLength(2);
  });

  it('embedded: widths snap to the ladder and repeat only once', () => {
    expect(srcset(context(undefined), '/media/a.jpg', [300, 320, 700])).toBe(
      '/api/image?url=%2Fmedia%2Fa.jpg&w=320&q=75 320w, /api/image?url=%2Fmedia%2Fa.jpg&w=960&q=75 960w',
    );
  });
});

describe('images setting', () => {
  const problems = (settings: unknown) =>
    ImagesSchema.safeParse(settings).error?.issues.map((issue) => issue.message) ?? [];

  it('explains how to fix a template', () => {
    expect(
      problems({ provider: 'template', template: 'http://img.example.com/{url}?w={width}' }),
    ).toEqual([expect.stringContaining('must start with "https://"')]);
    expect(
      problems({ provider: 'template', template: 'https://img.example.com/{src}?w={w}' }),
    ).toEqual([
      'unknown placeholder "{src}"; use only {url}, {width}, {quality}, {format}',
      'unknown placeholder "{w}"; use only {url}, {width}, {quality}, {format}',
      expect.stringContaining('has no {url}'),
      expect.stringContaining('has no {width}'),
    ]);
    expect(
      problems({
        provider: 'template',
        template: 'https://img.example.com/{url}?w={width}&q={quality}',
      }),
    ).toEqual([]);
  });

  it('refuses an unknown provider, a non-https domain and embedded widths off the ladder', () => {
    expect(problems({ provider: 'fastly' })[0]).toMatch(/one of "embedded", "imgix"/);
    expect(problems({ provider: 'imgix', domain: 'http://x.imgix.net' })[0]).toMatch(
      /https origin/,
    );
    expect(problems({ provider: 'embedded', widths: [500] })[0]).toMatch(/120, 160, 240, 320, 480/);
  });
});
