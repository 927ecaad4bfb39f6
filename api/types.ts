import type { Hono } from 'hono';
import type { SiteData } from '../src/site/types';

/** Per-request values every route can read: `c.get('site')` is the tenant's built site data. */
export type ApiEnv = { Variables: { site: SiteData } };

export type ApiApp = Hono<ApiEnv>;

/** A group of routes; each module in api/routes/ exports one and api/routes/index.ts lists them. */
export type RouteModule = (app: ApiApp) => void;
