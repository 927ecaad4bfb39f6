import type {
  Car,
  Location,
  Manufacturer,
  Model,
  Offer,
  Review,
  SpecialHours,
} from '../feeds/schemas';
import type { Tenant } from '../tenant/schema';

/** Everything one site is built from: the validated tenant and its feeds after stock selection. */
export interface SiteData {
  tenant: Tenant;
  /** ISO instant the data was prepared; the stock filter's "now" at build time. */
  builtAt: string;
  /** Listed cars only (tenant selection and the SPEC 7 stock filter applied). */
  cars: Car[];
  /** Visible locations. */
  locations: Location[];
  specialHours: SpecialHours[];
  models: Model[];
  reviews: Review[];
  manufacturers: Manufacturer[];
  offers: Offer[];
}
