export type { FormCar } from '../../domain/leads/form-car';
export { toFormCar } from '../../domain/leads/form-car';

/** SPEC 3 "Dealership form fields", plus the name shown in the search field. */
export interface DealershipOption {
  dealership_name: string;
  location_id: string;
  dealership_id: string;
  dealership_slug: string;
}

/** Site rules the server also applies (SPEC 5), passed from the page. */
export interface FormSettings {
  messageRequired: boolean;
  termsRequired: boolean;
  termsUrl: string;
  minFillMs: number;
  /** Dealerships to choose from when a form is not about one car and the site has several. */
  dealerships: DealershipOption[];
}
