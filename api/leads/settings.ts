import { LeadsSchema, type LeadsSettings } from '../../src/tenant/schema/leads';
import type { SiteData } from '../../src/site/types';

const cache = new WeakMap<SiteData, LeadsSettings>();

/** The site's `leads` settings with SPEC defaults (a snapshot built before the setting existed gets the defaults). */
export function leadSettings(site: SiteData): LeadsSettings {
  let settings = cache.get(site);
  if (!settings) {
    settings = LeadsSchema.parse((site.tenant as { leads?: unknown }).leads ?? {});
    cache.set(site, settings);
  }
  return settings;
}
