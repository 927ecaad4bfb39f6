import { dealershipOptions } from '../../domain/leads/dealerships';
import type { FormSettings } from '../../islands/forms/types';
import type { SiteData } from '../../site/types';
import { LeadsSchema } from '../../tenant/schema/leads';

/** What a lead form island needs to know about the site (the API applies the same rules). */
export function formSettings(site: SiteData): FormSettings {
  const leads = LeadsSchema.parse((site.tenant as { leads?: unknown }).leads ?? {});
  return {
    messageRequired: leads.message_required,
    termsRequired: leads.terms_required,
    termsUrl: leads.terms_url,
    minFillMs: leads.min_fill_ms,
    dealerships: dealershipOptions(site.locations),
  };
}
