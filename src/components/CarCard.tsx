import { formatKm, formatPrice } from '../domain/format';
import type { Car } from '../feeds/schemas';

/** The fields a result card reads; search documents and feed cars both fit. */
export type CardCar = Pick<
  Car,
  'slug' | 'name' | 'price' | 'before_price' | 'price_type' | 'car_type' | 'simple_body' | 'km' | 'simple_transmission' | 'stocknum' | 'primary_image_url'
> & {
  images?: Car['images'];
};

const CAR_TYPE_LABEL: Record<string, string> = { new: 'New', demo: 'Demo', used: 'Used' };

/** One attribute of a card's details line, formatted for reading ("12,345 km", "Used"). */
export function cardAttribute(car: CardCar & Record<string, unknown>, field: string): string | undefined {
  const value = car[field];
  if (value == null || value === '') return undefined;
  if (field === 'km' && typeof value === 'number') return formatKm(value);
  if (field === 'car_type' && typeof value === 'string') return CAR_TYPE_LABEL[value] ?? value;
  if (field === 'stocknum') return `Stock #${String(value)}`;
  return String(value);
}

interface Props {
  car: CardCar;
  attributes: string[];
  /** Heading level of the card title within the page outline. */
  headingLevel?: 2 | 3;
}

/** A car in a grid: photo, title, price and key attributes, linking to its page. Static markup. */
export function CarCard({ car, attributes, headingLevel = 3 }: Props) {
  const Heading = `h${headingLevel}` as const;
  const image = car.primary_image_url ?? car.images?.[0]?.image.thumb?.url ?? car.images?.[0]?.image.url ?? '/media/not-found.svg';
  const href = `/cars/${car.slug}`;
  const details = attributes.map((field) => cardAttribute(car as CardCar & Record<string, unknown>, field)).filter(Boolean);
  return (
    <article className="card">
      <img src={image} alt={car.name} width={600} height={400} loading="lazy" decoding="async" />
      <div className="card__body">
        <Heading className="card__title">
          <a href={href}>{car.name}</a>
        </Heading>
        {typeof car.price === 'number' && car.price > 0 ? (
          <p className="card__price">
            {typeof car.before_price === 'number' && car.before_price > car.price && (
              <>
                <span className="visually-hidden">Was </span>
                <s className="was-price">{formatPrice(car.before_price)}</s> <span className="visually-hidden">now </span>
              </>
            )}
            <span className="price">{formatPrice(car.price)}</span>
            {car.price_type && <span className="price-type">{car.price_type}</span>}
          </p>
        ) : (
          <p className="card__price">Price on application</p>
        )}
        {details.length > 0 && (
          <ul className="facts">
            {details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
