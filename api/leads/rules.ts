import type { LeadForm, LeadRules } from '../../src/domain/leads/validation';
import { leadSettings } from './settings';
import type { SiteData } from '../../src/site/types';
import type { DeliveryChannel } from '../storage/store';

/** Forms whose Comments box is the point of the form (SPEC 5: required unless the dealer turns it off). */
const MESSAGE_FORMS: ReadonlySet<LeadForm> = new Set(['enquiry', 'general', 'finance_enquiry']);

/** The distinct dealerships among the site's locations. */
export function dealershipCount(site: SiteData): number {
  return new Set(site.locations.map((location) => location.dealership?.slug).filter(Boolean)).size;
}

/** SPEC 5 rules for one form on one site. A lead about a car already has its dealership. */
export function rulesFor(site: SiteData, form: LeadForm, hasCar: boolean): LeadRules {
  const settings = leadSettings(site);
  return {
    messageRequired: settings.message_required && MESSAGE_FORMS.has(form),
    termsRequired: settings.terms_required,
    dealershipRequired: !hasCar && dealershipCount(site) > 1,
    categoryRequired: form === 'general',
  };
}

/** Where this site's finished leads go: its webhook and e-mail, or the server log when neither is set. */
export function channelsFor(site: SiteData): DeliveryChannel[] {
  const settings = leadSettings(site);
  const channels: DeliveryChannel[] = [];
  if (settings.webhook) channels.push('webhook');
  if (settings.email) channels.push('email');
  return channels.length ? channels : ['log'];
}
