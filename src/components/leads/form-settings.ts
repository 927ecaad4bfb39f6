import { dealershipOptions } from '../../domain/leads/dealerships';
import type { FormSettings } from '../../islands/forms/types';
import type { SiteData } from '../../site/types';
import { LeadsSchema } from '../../tenant/schema/leads';
import { perSite } from '../../site/memo';

/** What a lead form island needs to know about the site (the API applies the same rules). Once per build. */
export const formSettings = perSite((site: SiteData): FormSettings => {
  const leads = LeadsSchema.parse((site.tenant as { leads?: unknown }).leads ?? {});
  return {
    messageRequired: leads.message_required,
    termsRequired: leads.terms_required,
    termsUrl: leads.terms_url,
    minFillMs: leads.min_fill_ms,
    dealerships: dealershipOptions(site.locations),
  };
});

/**
 * Settings for a form about one car (the vehicle page's enquiry, test drive, photos and finance
 * forms). Those never ask for a dealership, since the car has its own, so the dealership list is
 * left out: four copies of it in island props were most of a dealer group's vehicle page.
 */
export const carFormSettings = perSite((site: SiteData): FormSettings => ({
  ...formSettings(site),
  dealerships: [],
}));
