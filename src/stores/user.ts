import { persistentJSON } from '@nanostores/persistent';

/** SPEC 3 "Stored user (visitor-side)": kept after a lead form so later forms are prefilled. */
export interface StoredUser {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
}

/** The car a lead was last sent about, shown on /success (SPEC 4: "the car is stored for the success page"). */
export interface EnquiredCar {
  id: string;
  name: string;
  slug: string;
  primary_image_url?: string | null;
}

export const EMPTY_USER: StoredUser = {
  name: '',
  last_name: '',
  email: '',
  phone: '',
  postcode: '',
};

export const $user = persistentJSON<StoredUser>('user', EMPTY_USER);
export const $enquiredCar = persistentJSON<EnquiredCar | null>('enquired-car', null);

/** Remember the visitor's contact details (only the SPEC fields). */
export function rememberUser(fields: Partial<StoredUser>): void {
  const current = $user.get();
  $user.set({
    name: fields.name ?? current.name,
    last_name: fields.last_name ?? current.last_name,
    email: fields.email ?? current.email,
    phone: fields.phone ?? current.phone,
    postcode: fields.postcode ?? current.postcode,
  });
}
