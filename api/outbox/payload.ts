import { oneLine } from '../../src/domain/plain-text';
import type { Car } from '../../src/feeds/schemas';
import type { SiteData } from '../../src/site/types';
import type { StoredLead } from '../storage/store';

/** What a dealer receives about one lead: the same content for the webhook, ADF/XML and the text e-mail. */
export interface LeadPayload {
  lead_id: string;
  site: { slug: string; name: string; url: string; email: string; phone: string };
  form: string;
  category: string | null;
  subcategory: string | null;
  submitted_at: string;
  customer: {
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    postcode: string;
  };
  message: string | null;
  car: {
    id: string;
    year: number | null;
    make: string;
    model: string;
    badge: string | null;
    vin: string | null;
    stock: string | null;
    car_type: string | null;
    price: number | null;
    url: string | null;
  } | null;
  fields: Record<string, unknown>;
}

const str = (value: unknown): string =>
  value === undefined || value === null ? '' : String(value);
/**
 * A one-line value of the e-mail, its subject and the ADF: control characters folded to a space,
 * so a line break in a stored name cannot add an "Email:" line of its own. The API refuses them
 * already; this also covers leads stored before it did, and the tenant's own text.
 */
const line = (value: unknown): string => oneLine(str(value));
const lineOrNull = (value: string | null): string | null =>
  value === null ? null : oneLine(value);

export function leadPayload(lead: StoredLead, site: SiteData | undefined): LeadPayload {
  const fields = lead.fields;
  const car: Car | undefined = lead.carId
    ? site?.cars.find((candidate) => String(candidate.id) === lead.carId)
    : undefined;
  const base = site?.tenant.url.replace(/\/$/, '') ?? '';
  return {
    lead_id: lead.id,
    site: {
      slug: lead.tenant,
      name: line(site?.tenant.name ?? lead.tenant),
      url: site?.tenant.url ?? '',
      email: site?.tenant.dealer.email ?? '',
      phone: site?.tenant.dealer.phone ?? site?.locations[0]?.contact_detail.phone ?? '',
    },
    form: lead.form,
    category: lineOrNull(lead.category),
    subcategory: lineOrNull(lead.subcategory),
    submitted_at: new Date(lead.updatedAt).toISOString(),
    customer: {
      first_name: line(fields.name),
      last_name: line(fields.last_name),
      email: line(fields.email),
      phone: line(fields.phone),
      postcode: line(fields.postcode),
    },
    message: fields.message ? str(fields.message) : null,
    car: lead.carId
      ? {
          id: lead.carId,
          year: car?.year ?? null,
          make: line(car?.make ?? fields['Vehicle Make']),
          model: line(car?.model ?? fields['Vehicle Model']),
          badge: car?.badge ?? null,
          vin: car?.vin ?? null,
          stock: car?.stocknum ?? (fields.stock_number ? line(fields.stock_number) : null),
          car_type: car?.car_type ?? (fields.car_type ? line(fields.car_type) : null),
          price: car?.price ?? null,
          url: car ? `${base}/cars/${car.slug}` : null,
        }
      : null,
    fields,
  };
}
