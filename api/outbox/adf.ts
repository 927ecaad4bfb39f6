import { isLeadForm, LEAD_FORM_TABLE } from '../../src/domain/leads/forms';
import { oneLine } from '../../src/domain/plain-text';
import { xmlText } from '../../src/domain/xml-text';
import type { LeadPayload } from './payload';

// ADF sends empty elements (the DTD's required ones), unlike the listing feeds' `element`.
const element = (name: string, value: unknown, attributes = ''): string =>
  `<${name}${attributes}>${xmlText(String(value ?? ''))}</${name}>`;

/** The lead as ADF/XML 1.0 (`adf > prospect`), the format dealer CRMs import. */
export function leadToAdf(lead: LeadPayload): string {
  const car = lead.car;
  const fields = lead.fields;
  // A stored lead of a form since retired is a plain purchase interest.
  const interest = isLeadForm(lead.form) ? LEAD_FORM_TABLE[lead.form].adfInterest : 'buy';
  const status = car?.car_type === 'new' ? 'new' : 'used';
  const vehicle = [
    `<vehicle interest="${interest}" status="${status}">`,
    element('year', car?.year ?? fields.year ?? ''),
    element('make', car?.make ?? fields['Vehicle Make'] ?? ''),
    element('model', car?.model ?? fields['Vehicle Model'] ?? ''),
    car?.vin ? element('vin', car.vin) : '',
    car?.stock ? element('stock', car.stock) : '',
    car?.badge ? element('trim', car.badge) : '',
    car?.price ? element('price', car.price, ' type="asking" currency="AUD"') : '',
    '</vehicle>',
  ].join('');
  const comments = [
    lead.category,
    lead.subcategory,
    lead.message,
    fields.appointment ? `Preferred test drive time: ${oneLine(String(fields.appointment))}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const customer = [
    '<customer><contact>',
    element('name', lead.customer.first_name, ' part="first"'),
    element('name', lead.customer.last_name, ' part="last"'),
    element('email', lead.customer.email),
    element('phone', lead.customer.phone, ' type="cellphone"'),
    lead.customer.postcode
      ? `<address><street line="1"></street>${element('postalcode', lead.customer.postcode)}${element('country', 'AU')}</address>`
      : '',
    '</contact>',
    comments ? element('comments', comments) : '',
    '</customer>',
  ].join('');
  const vendor = `<vendor>${element('vendorname', lead.site.name)}${lead.site.url ? element('url', lead.site.url) : ''}<contact>${element('name', lead.site.name, ' part="full" type="business"')}${
    lead.site.email || !lead.site.phone
      ? element('email', lead.site.email)
      : element('phone', lead.site.phone)
  }</contact></vendor>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    '<adf><prospect status="new">',
    element('id', lead.lead_id, ` sequence="1" source="${xmlText(lead.site.slug)}"`),
    element('requestdate', lead.submitted_at),
    vehicle,
    customer,
    vendor,
    '</prospect></adf>',
    '',
  ].join('\n');
}

/** The same lead as plain text, for the person reading the e-mail. */
export function leadToText(lead: LeadPayload): string {
  const lines = [
    `New ${lead.form.replace(/_/g, ' ')} from ${lead.site.name}`,
    '',
    `Name: ${lead.customer.first_name} ${lead.customer.last_name}`.trimEnd(),
    `Mobile: ${lead.customer.phone}`,
    `Email: ${lead.customer.email}`,
    `Postcode: ${lead.customer.postcode}`,
  ];
  if (lead.category) lines.push(`Enquiry type: ${lead.category}`);
  if (lead.subcategory) lines.push(`Step: ${lead.subcategory}`);
  if (lead.car)
    lines.push(
      `Car: ${[lead.car.year, lead.car.make, lead.car.model, lead.car.badge].filter(Boolean).join(' ')}`,
      `Stock number: ${lead.car.stock ?? '-'}`,
    );
  if (lead.car?.url) lines.push(`Listing: ${lead.car.url}`);
  if (lead.fields.appointment)
    lines.push(`Preferred test drive time: ${oneLine(String(lead.fields.appointment))}`);
  if (lead.fields.dealership_name)
    lines.push(`Dealership: ${oneLine(String(lead.fields.dealership_name))}`);
  if (lead.message) lines.push('', 'Comments:', lead.message);
  lines.push('', `Lead id: ${lead.lead_id}`, `Sent: ${lead.submitted_at}`);
  return lines.join('\n');
}
