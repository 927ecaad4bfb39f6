import type { Car } from '../../feeds/schemas';

/** SPEC 2: the last breadcrumb is year, make, model and badge, or the car's name when a series is shown. */
export function breadcrumbTitle(
  car: Pick<Car, 'year' | 'make' | 'model' | 'badge' | 'series' | 'name'>,
): string {
  if (car.series && car.series.trim()) return car.name;
  return [car.year, car.make, car.model, car.badge]
    .filter((part) => part != null && String(part).trim() !== '')
    .join(' ');
}

/** The sidebar's sub-title: year, make, model, badge and series. */
export function vehicleSubtitle(
  car: Pick<Car, 'year' | 'make' | 'model' | 'badge' | 'series'>,
): string {
  return [car.year, car.make, car.model, car.badge, car.series]
    .filter((part) => part != null && String(part).trim() !== '')
    .join(' ');
}
