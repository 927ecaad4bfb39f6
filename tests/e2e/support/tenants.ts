import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteData } from '../../../src/site/types';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Base port of the servers the browser tests start (away from `npm start`'s 4321). */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 4400);

/** Every tenant in tenants/, sorted: the same order the local server assigns ports in. */
export function allTenantSlugs(): string[] {
  return readdirSync(path.resolve(ROOT, process.env.TENANTS_DIR ?? 'tenants'))
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => name.replace(/\.ya?ml$/, ''))
    .sort();
}

export function tenantBaseUrl(slug: string): string {
  return `http://localhost:${E2E_BASE_PORT + allTenantSlugs().indexOf(slug)}`;
}

const cache = new Map<string, SiteData>();

/** The data a tenant's site was built from: what the tests compare the pages with. */
export function siteData(slug: string): SiteData {
  if (!cache.has(slug)) cache.set(slug, JSON.parse(readFileSync(path.join(ROOT, '.build', slug, 'site.json'), 'utf8')) as SiteData);
  return cache.get(slug)!;
}
