import { describe, expect, it } from 'vitest';
import { headerRules, headersForPath } from '../../platform/edge/headers';

describe('per-path cache rules', () => {
  const rules = headerRules({ 'X-Content-Type-Options': 'nosniff' });
  const cache = (path: string) => headersForPath(rules, path)['Cache-Control'];

  it('has the search index revalidated on every load, so the next search after a sale leaves the sold car out', () => {
    expect(cache('/search-index.json')).toBe('public, max-age=0, must-revalidate');
  });

  it('keeps long cache lives for hashed assets and revalidating car pages', () => {
    expect(cache('/_astro/index.AbC123.js')).toBe('public, max-age=31536000, immutable');
    expect(cache('/cars/2023-toyota-corolla-car-1/index.html')).toBe(
      'public, max-age=0, must-revalidate',
    );
    expect(headersForPath(rules, '/search-index.json')['X-Content-Type-Options']).toBe('nosniff');
  });
});
