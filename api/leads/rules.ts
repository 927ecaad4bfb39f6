import type { LeadForm } from '../../src/domain/leads/forms';
import { rulesForForm, type LeadRules } from '../../src/domain/leads/validation';
import type { SiteData } from '../../src/site/types';
import type { DeliveryChannel } from '../storage/store';
import { leadSettings } from './settings';

/** The distinct dealerships among the site's locations. */
export function dealershipCount(site: SiteData): number {
  return new Set(site.locations.map((location) => location.dealership?.slug).filter(Boolean)).size;
}

/** SPEC 5 rules for one form on one site (the forms apply the same through rulesForForm). */
export function rulesFor(site: SiteData, form: LeadForm, hasCar: boolean): LeadRules {
  const settings = leadSettings(site);
  return rulesForForm(
    form,
    {
      messageRequired: settings.message_required,
      termsRequired: settings.terms_required,
      dealerships: dealershipCount(site),
    },
    hasCar,
  );
}

/** Where this site's finished leads go: its webhook and e-mail, or the server log when neither is set. */
export function channelsFor(site: SiteData): DeliveryChannel[] {
  const settings = leadSettings(site);
  const channels: DeliveryChannel[] = [];
  if (settings.webhook) channels.push('webhook');
  if (settings.email) channels.push('email');
  return channels.length ? channels : ['log'];
}
