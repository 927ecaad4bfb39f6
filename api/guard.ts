import type { MiddlewareHandler } from 'hono';
import { leadSettings } from './leads/settings';
import { errorResponse } from './http';
import { RateLimiter } from './rate-limit';
import type { ApiEnv } from './types';

export const MAX_BODY_BYTES = 32 * 1024;

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Abuse guards for every route: CORS only for the site's own origins, state changes only by POST
 * with a JSON body of at most 32 KB, and per-IP and per-site rate limits on state changes.
 */
export function guard(options: { rateLimiter?: RateLimiter; rateLimits?: boolean } = {}): MiddlewareHandler<ApiEnv> {
  const limiter = options.rateLimiter ?? new RateLimiter();
  return async (c, next) => {
    const site = c.get('site');
    const settings = leadSettings(site);
    const origin = c.req.header('origin');
    const allowed = new Set([originOf(site.tenant.url), originOf(c.req.url), ...settings.allowed_origins.map(originOf)]);
    const originAllowed = !origin || allowed.has(origin);
    if (origin && originAllowed) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Vary', 'Origin');
    }
    if (c.req.method === 'OPTIONS') {
      if (!originAllowed) return errorResponse(c, 403, 'This site does not accept requests from that origin.');
      c.header('Access-Control-Allow-Methods', 'GET, POST');
      c.header('Access-Control-Allow-Headers', 'Content-Type');
      c.header('Access-Control-Max-Age', '600');
      return c.body(null, 204);
    }
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (!originAllowed) return errorResponse(c, 403, 'This site does not accept requests from that origin.');
    if (c.req.method !== 'POST') {
      c.header('Allow', 'GET, POST');
      return errorResponse(c, 405, `${c.req.method} is not allowed. Send GET to read and POST with JSON to change.`);
    }
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\b/i.test(type)) return errorResponse(c, 415, 'Send the request body as JSON (Content-Type: application/json).');
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_BODY_BYTES) return errorResponse(c, 413, `The request body is too large (at most ${MAX_BODY_BYTES / 1024} KB).`);
    if (options.rateLimits !== false) {
      const now = c.get('now');
      const wait = Math.max(
        limiter.hit(`ip:${site.tenant.slug}:${c.get('clientIp')}`, settings.rate_limit.per_ip_per_minute, now),
        limiter.hit(`site:${site.tenant.slug}`, settings.rate_limit.per_site_per_minute, now),
      );
      if (wait) {
        c.header('Retry-After', String(wait));
        return errorResponse(c, 429, `Too many requests. Please wait ${wait} seconds and try again.`);
      }
    }
    // A body without Content-Length (chunked) is measured as it is read. Hono keeps the text for
    // the route (no clone of the stream), and byteLength counts UTF-8 bytes without encoding.
    if (Buffer.byteLength(await c.req.text(), 'utf8') > MAX_BODY_BYTES)
      return errorResponse(c, 413, `The request body is too large (at most ${MAX_BODY_BYTES / 1024} KB).`);
    return next();
  };
}
