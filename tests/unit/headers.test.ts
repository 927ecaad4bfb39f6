import { describe, expect, it } from 'vitest';
import { headerRules, headersForPath } from '../../scripts/lib/headers';

describe('per-path cache rules', () => {
  const rules = headerRules({ 'X-Content-Type-Options': 'nosniff' });
  const cache = (path: string) => headersForPath(rules, path)['Cache-Control'];

  it('serves the search index with a 60 s cache life, so a sold car leaves the results within a minute', () => {
    expect(cache('/search-index.json')).toBe('public, max-age=60');
  });

  it('keeps long cache lives for hashed assets and revalidating car pages', () => {
    expect(cache('/_astro/index.AbC123.js')).toBe('public, max-age=31536000, immutable');
    expect(cache('/cars/2023-toyota-corolla-car-1/index.html')).toBe('public, max-age=0, must-revalidate');
    expect(headersForPath(rules, '/search-index.json')['X-Content-Type-Options']).toBe('nosniff');
  });
});
