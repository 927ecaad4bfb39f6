import type { Car } from '../../src/feeds/schemas';
import { formatPrice } from '../../src/domain/format';
import type { Store } from '../storage/store';
import { stockCar } from './stock';

/** view.json's car_fields: what the page corrects itself by (status, sold, reserved, price). */
export interface CarFields {
  id: string | number;
  status: string | null | undefined;
  sold: boolean | null | undefined;
  reserved: boolean | null | undefined;
  price: number | null | undefined;
  price_type: string | null | undefined;
  price_text: string | null;
  photos_count: number | null | undefined;
  updated_at: string | null | undefined;
}

/**
 * The car's fields from the live stock table; from the build's copy while no build has written
 * this site's stock. A car the stock no longer lists has left the dealer: it reads as sold.
 */
export async function liveCarFields(store: Store, tenant: string, car: Car): Promise<CarFields> {
  const built: CarFields = {
    id: car.id,
    status: car.status,
    sold: car.sold,
    reserved: car.reserved,
    price: car.price,
    price_type: car.price_type,
    price_text: typeof car.price === 'number' && car.price > 0 ? formatPrice(car.price) : null,
    photos_count: car.photos_count,
    updated_at: car.updated_at,
  };
  const live = await stockCar(store.driver, tenant, { slug: car.slug });
  if (live === 'unknown') return built;
  if (live === 'missing') return { ...built, status: 'sold', sold: true };
  return {
    ...built,
    status: live.status,
    sold: live.sold,
    reserved: live.reserved,
    price: live.price,
    price_type: live.price_type,
    price_text: live.price_text,
    updated_at: live.updated_at,
  };
}
