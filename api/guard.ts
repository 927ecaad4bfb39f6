import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { leadSettings } from './leads/settings';
import { errorResponse } from './http';
import type { ApiEnv } from './types';

export const MAX_BODY_BYTES = 32 * 1024;

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The site's own origin, the API's, and the dealer's `leads.allowed_origins`. */
export function isAllowedOrigin(c: Context<ApiEnv>, origin: string): boolean {
  const site = c.get('site');
  if (origin === originOf(site.tenant.url) || origin === originOf(c.req.url)) return true;
  return leadSettings(site).allowed_origins.some((allowed) => originOf(allowed) === origin);
}

const FOREIGN_ORIGIN = 'This site does not accept requests from that origin.';
const TOO_LARGE = `The request body is too large (at most ${MAX_BODY_BYTES / 1024} KB).`;

/** Anything but a read from another site's page is refused: preflights and state changes alike. */
const foreignOrigins: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const origin = c.req.header('origin');
  if (origin && c.req.method !== 'GET' && c.req.method !== 'HEAD' && !isAllowedOrigin(c, origin))
    return errorResponse(c, 403, FOREIGN_ORIGIN);
  return next();
};

/** CORS for the allowed origins only: GET and POST with a JSON body. */
const corsForSite = cors({
  origin: (origin, c: Context<ApiEnv>) => (origin && isAllowedOrigin(c, origin) ? origin : null),
  allowMethods: ['GET', 'POST'],
  allowHeaders: ['Content-Type'],
  maxAge: 600,
});

/** A state change is a POST with a JSON body; a declared length over the limit is refused unread. */
const jsonPosts: MiddlewareHandler<ApiEnv> = async (c, next) => {
  // Other methods go on to routing, which answers 405 with the path's Allow header.
  if (c.req.method !== 'POST') return next();
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
    return errorResponse(c, 415, 'Send the request body as JSON (Content-Type: application/json).');
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES)
    return errorResponse(c, 413, TOO_LARGE);
  return next();
};

/**
 * A POST counts against the visitor's and the site's per-minute budgets (leads.rate_limit)
 * together: a request one limit refuses spends nothing from the other.
 */
const rateLimits: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const limiter = c.get('rateLimiter');
  if (c.req.method !== 'POST' || !limiter) return next();
  const { slug } = c.get('site').tenant;
  const { per_ip_per_minute, per_site_per_minute } = leadSettings(c.get('site')).rate_limit;
  const wait = await limiter.take(
    [
      { key: `ip:${slug}:${c.get('clientIp')}`, limit: per_ip_per_minute },
      { key: `site:${slug}`, limit: per_site_per_minute },
    ],
    c.get('now'),
  );
  if (!wait) return next();
  c.header('Retry-After', String(wait));
  return errorResponse(c, 429, `Too many requests. Please wait ${wait} seconds and try again.`);
};

/** Bodies without a length (chunked) are counted as they stream in and cut off past the limit. */
const bodySize = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => errorResponse(c as Context<ApiEnv>, 413, TOO_LARGE),
});

/**
 * Abuse guards for every route, in order: no state changes from foreign origins, CORS only for
 * the site's own origins, state changes only by POST with JSON, per-IP and per-site rate limits,
 * and bodies of at most 32 KB.
 */
export function guard(): MiddlewareHandler<ApiEnv>[] {
  return [foreignOrigins, corsForSite, jsonPosts, rateLimits, bodySize];
}
