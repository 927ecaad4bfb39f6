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
  customer: { first_name: string; last_name: string; email: string; phone: string; postcode: string };
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

const str = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

export function leadPayload(lead: StoredLead, site: SiteData | undefined): LeadPayload {
  const fields = lead.fields;
  const car: Car | undefined = lead.carId ? site?.cars.find((candidate) => String(candidate.id) === lead.carId) : undefined;
  const base = site?.tenant.url.replace(/\/$/, '') ?? '';
  return {
    lead_id: lead.id,
    site: {
      slug: lead.tenant,
      name: site?.tenant.name ?? lead.tenant,
      url: site?.tenant.url ?? '',
      email: site?.tenant.dealer.email ?? '',
      phone: site?.tenant.dealer.phone ?? site?.locations[0]?.contact_detail.phone ?? '',
    },
    form: lead.form,
    category: lead.category,
    subcategory: lead.subcategory,
    submitted_at: new Date(lead.updatedAt).toISOString(),
    customer: {
      first_name: str(fields.name),
      last_name: str(fields.last_name),
      email: str(fields.email),
      phone: str(fields.phone),
      postcode: str(fields.postcode),
    },
    message: fields.message ? str(fields.message) : null,
    car: lead.carId
      ? {
          id: lead.carId,
          year: car?.year ?? null,
          make: car?.make ?? str(fields['Vehicle Make']),
          model: car?.model ?? str(fields['Vehicle Model']),
          badge: car?.badge ?? null,
          vin: car?.vin ?? null,
          stock: car?.stocknum ?? (fields.stock_number ? str(fields.stock_number) : null),
          car_type: car?.car_type ?? (fields.car_type ? str(fields.car_type) : null),
          price: car?.price ?? null,
          url: car ? `${base}/cars/${car.slug}` : null,
        }
      : null,
    fields,
  };
}
