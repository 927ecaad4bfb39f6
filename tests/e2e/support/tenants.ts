import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { planPorts, readPortSettings } from '../../../platform/serve/tenant-ports';
import type { SiteData } from '../../../src/site/types';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Base port of the servers the browser tests start (away from `npm start`'s 4321). */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 4400);

/**
 * Tag for a browser test whose behaviour is the same on every tenant (the same island code, on
 * any data): playwright.config.ts runs it on ONE_TENANT_PROJECT only, not four times.
 */
export const ONE_TENANT = '@one-tenant';
export const ONE_TENANT_PROJECT = 'bayside-toyota';

const tenantsDir = () => path.resolve(ROOT, process.env.TENANTS_DIR ?? 'tenants');

/** Every tenant in tenants/, sorted. */
export function allTenantSlugs(): string[] {
  return readdirSync(tenantsDir())
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => name.replace(/\.ya?ml$/, ''))
    .sort();
}

/** Where the test server (scripts/serve.ts with PORT=E2E_BASE_PORT) serves a tenant. */
export function tenantBaseUrl(slug: string): string {
  return `http://localhost:${planPorts(readPortSettings(allTenantSlugs(), tenantsDir(), ROOT), E2E_BASE_PORT).ports.get(slug)}`;
}

const cache = new Map<string, SiteData>();

/** The data a tenant's site was built from: what the tests compare the pages with. */
export function siteData(slug: string): SiteData {
  if (!cache.has(slug))
    cache.set(
      slug,
      JSON.parse(readFileSync(path.join(ROOT, '.build', slug, 'site.json'), 'utf8')) as SiteData,
    );
  return cache.get(slug)!;
}
