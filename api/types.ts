import type { Hono } from 'hono';
import type { SiteData } from '../src/site/types';
import type { AccountServices } from './accounts/services';
import type { RateLimiter } from './rate-limit';
import type { Store } from './storage/store';

/**
 * Per-request values every route can read: `c.get('site')` is the tenant's built site data,
 * `c.get('store')` the storage, `c.get('now')` the request's clock (ms), `c.get('clientIp')` (the
 * visitor's key for limits), `c.get('rateLimiter')` (undefined when rate limits are off).
 */
export type ApiEnv = {
  Variables: {
    site: SiteData;
    store: Store;
    now: number;
    clientIp: string;
    accounts: AccountServices;
    rateLimiter: RateLimiter | undefined;
  };
};

export type ApiApp = Hono<ApiEnv>;

/** A group of routes; each module in api/routes/ exports one and api/routes/index.ts lists them. */
export type RouteModule = (app: ApiApp) => void;
