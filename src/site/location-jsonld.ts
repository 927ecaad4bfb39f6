import type { Location } from '../feeds/schemas';
import { formatPhone } from '../domain/format';
import { canonicalUrl } from './seo';

const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** schema.org AutoDealer for a location: address, geo, phone and opening hours. */
export function autoDealerJsonLd(location: Location, siteUrl: string, pagePath: string): object {
  const phone = location.contact_detail.phone ?? location.contact_detail.landline_phone;
  const { address } = location;
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    '@id': `${canonicalUrl(siteUrl, pagePath)}#location-${location.id}`,
    name: location.name,
    url: canonicalUrl(siteUrl, pagePath),
    ...(location.image?.image.url
      ? { image: new URL(location.image.image.url, siteUrl).href }
      : {}),
    ...(phone ? { telephone: formatPhone(phone) } : {}),
    ...(location.contact_detail.email ? { email: location.contact_detail.email } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(address.street ? { streetAddress: address.street } : {}),
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: address.postcode,
      addressCountry: 'AU',
    },
    ...(typeof address.lat === 'number' && typeof address.long === 'number'
      ? { geo: { '@type': 'GeoCoordinates', latitude: address.lat, longitude: address.long } }
      : {}),
    openingHoursSpecification: location.contact_detail.opening_hours
      .filter((entry) => entry.status === 'Open' && entry.open && entry.close)
      .map((entry) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: `https://schema.org/${SCHEMA_DAYS[entry.weekday]}`,
        opens: entry.open,
        closes: entry.close,
      })),
    ...(location.average_rating && location.review_count
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: location.average_rating,
            reviewCount: location.review_count,
          },
        }
      : {}),
  };
}
