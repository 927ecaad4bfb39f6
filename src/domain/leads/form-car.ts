/** The few car fields a lead form needs (kept small: they are serialised into the page). */
export interface FormCar {
  id: string;
  name: string;
  slug: string;
  car_type: string;
  tag?: string | null;
  stocknum?: string | null;
  make?: string;
  model?: string;
  dealership_slug?: string | null;
  location_id?: string | null;
  primary_image_url?: string | null;
}

/** A car record (built page or live stock) as the lead forms and `/api/visitor/car` carry it. */
export function toFormCar(car: {
  id: string | number;
  name: string;
  slug: string;
  car_type: string;
  tag?: string | null;
  stocknum?: string | null;
  make?: string;
  model?: string;
  dealership_slug?: string | null;
  location_id?: string | number | null;
  primary_image_url?: string | null;
}): FormCar {
  return {
    id: String(car.id),
    name: car.name,
    slug: car.slug,
    car_type: car.car_type,
    tag: car.tag ?? null,
    stocknum: car.stocknum ?? null,
    make: car.make,
    model: car.model,
    dealership_slug: car.dealership_slug ?? null,
    location_id:
      car.location_id === null || car.location_id === undefined ? null : String(car.location_id),
    primary_image_url: car.primary_image_url ?? null,
  };
}
