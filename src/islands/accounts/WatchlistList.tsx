import { useEffect, useState } from 'react';
import { formatPrice } from '../../domain/format';
import { WATCHLIST_PATH, watchlistToast } from '../../domain/accounts';
import { signOut } from '../../stores/session';
import { changeWatchlist, loadWatchlist, type WatchlistCar } from '../../stores/watchlist';
import { showToast } from './toast';
import { ToastView } from './ToastView';
import type { ImageUrlContext } from '../../domain/images/image-url';
import { responsiveImage } from '../../domain/images/responsive';
import { SafeImage } from '../vehicle/SafeImage';
import './accounts.css';

/** The watchlist page: the signed-in shopper's saved cars, each with View and Remove, and Sign Out. */
/** `images`: how photos are resized (imageUrlContext). */
export default function WatchlistList({
  searchPath,
  images,
}: {
  searchPath: string;
  images?: ImageUrlContext;
}) {
  const [cars, setCars] = useState<WatchlistCar[] | null>(null);

  useEffect(() => {
    void loadWatchlist(true).then(setCars);
  }, []);

  /** SPEC 4: the list changes at once, then the call; a refusal puts the car back (same place) and alerts. */
  async function remove(car: WatchlistCar) {
    const name = car.name ?? 'This car';
    const before = cars;
    setCars((list) => (list ?? []).filter((entry) => entry.id !== car.id));
    const result = await changeWatchlist(car.id, false);
    if (!result.ok) {
      setCars(before);
      return window.alert(result.error);
    }
    const { title, message } = watchlistToast(false, name);
    showToast({
      source: 'watchlist-page',
      title,
      message,
      action: { label: 'View List', href: WATCHLIST_PATH },
    });
  }

  return (
    <div>
      {cars === null && <p role="status">Loading your watchlist...</p>}
      {cars && cars.length === 0 && (
        <p>
          Your watchlist is empty. <a href={searchPath}>Browse our stock</a> and press Save to
          Watchlist on the cars you like.
        </p>
      )}
      {cars && cars.length > 0 && (
        <ul className="account-list" aria-label="Saved cars">
          {cars.map((car) => (
            <li key={car.id}>
              {car.primary_image_url && (
                <SafeImage
                  {...responsiveImage(images, car.primary_image_url, 'list')}
                  alt=""
                  width={120}
                  height={80}
                  loading="lazy"
                />
              )}
              <span className="account-list__name">
                {car.listed && car.slug ? (
                  <a href={`/cars/${car.slug}`}>{car.name}</a>
                ) : (
                  'A car that is no longer listed'
                )}
                {car.listed && car.available === false && ' (sold)'}
              </span>
              {typeof car.price === 'number' && car.price > 0 && (
                <span className="price">{formatPrice(car.price)}</span>
              )}
              <button
                type="button"
                className="btn btn-outline"
                aria-label={`Remove ${car.name ?? 'car'}`}
                onClick={() => void remove(car)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <p>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void signOut().then(() => location.assign('/'))}
        >
          Sign Out
        </button>
      </p>
      <ToastView source="watchlist-page" />
    </div>
  );
}
