import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { WATCHLIST_PATH, signInUrl } from '../../domain/accounts';
import { garageCar, listedById, type GarageCar, type ListedCar } from '../../domain/garage';
import type { ImageUrlContext } from '../../domain/images/image-url';
import { responsiveImage } from '../../domain/images/responsive';
import { decodeIndex, INDEX_FILE, type IndexFile } from '../../search/index-file';
import { $favourites, type Favourite } from '../../stores/favourites';
import { $session, loadSession, signOut } from '../../stores/session';
import { $viewedCars, type ViewedCar } from '../../stores/viewed';
import { SafeImage } from '../vehicle/SafeImage';
import './accounts.css';

// The server has no local storage: hydrate with the empty lists it rendered, then show what this
// browser keeps (anything else is a hydration mismatch, and React re-renders the whole island).
const NO_FAVOURITES: Favourite[] = [];
const NO_VIEWED_CARS: ViewedCar[] = [];

/** The site's listed cars (the search index's documents), to show stored cars as they are now. */
async function loadListedCars(): Promise<Map<string, ListedCar>> {
  const response = await fetch(INDEX_FILE);
  if (!response.ok) throw new Error(`${INDEX_FILE} answered ${response.status}`);
  return listedById(decodeIndex((await response.json()) as IndexFile));
}

/** Favourites and recently viewed cars alike: photo, title with year, price, a link to the car. */
function GarageList({
  label,
  cars,
  images,
}: {
  label: string;
  cars: GarageCar[];
  images: ImageUrlContext | undefined;
}) {
  return (
    <ul className="account-list garage-list" aria-label={label}>
      {cars.map((car) => (
        <li key={car.id}>
          {car.image ? (
            <SafeImage
              {...responsiveImage(images, car.image, 'list')}
              alt=""
              width={120}
              height={80}
              loading="lazy"
            />
          ) : (
            // Holds the photo's place while the listed cars load, so the row does not jump.
            <span className="garage-list__photo" aria-hidden="true" />
          )}
          <span className="account-list__name">
            {car.href ? <a href={car.href}>{car.title}</a> : car.title}
            {car.sold && ' (sold)'}
            {car.gone && ' (no longer listed)'}
          </span>
          {car.price && <span className="price">{car.price}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * /my-garage: who is signed in, their watchlist, and the favourites and viewed cars kept in this browser.
 * `images`: how photos are resized (imageUrlContext).
 */
export default function MyGarage({ images }: { images?: ImageUrlContext }) {
  const session = useStore($session);
  const favourites = useStore($favourites, { ssr: () => NO_FAVOURITES });
  const viewed = useStore($viewedCars, { ssr: () => NO_VIEWED_CARS });
  // Undefined until loaded (or if loading fails): the lists then show what the browser kept.
  const [listed, setListed] = useState<Map<string, ListedCar>>();
  const hasCars = favourites.length > 0 || viewed.length > 0;

  useEffect(() => {
    void loadSession();
  }, []);

  useEffect(() => {
    if (!hasCars || listed) return;
    let live = true;
    loadListedCars()
      .then((cars) => live && setListed(cars))
      .catch(() => undefined); // the stored names still show
    return () => {
      live = false;
    };
  }, [hasCars, listed]);

  return (
    <div className="my-garage">
      <section aria-labelledby="garage-account">
        <h2 id="garage-account">Your Account</h2>
        {session.status === 'loading' && <p role="status">Loading...</p>}
        {session.status === 'signed-in' && (
          <>
            <p>Signed in with {session.user.phone}.</p>
            <div className="btn-row">
              <a className="btn btn-primary" href={WATCHLIST_PATH}>
                View Watchlist
              </a>
              <button type="button" className="btn btn-outline" onClick={() => void signOut()}>
                Sign Out
              </button>
            </div>
          </>
        )}
        {session.status === 'signed-out' && (
          <p>
            <a
              className="btn btn-primary"
              href={signInUrl('my-garage', '/my-garage', '/my-garage')}
            >
              Sign In
            </a>
          </p>
        )}
      </section>
      <section aria-labelledby="garage-favourites">
        <h2 id="garage-favourites">Favourites</h2>
        {favourites.length === 0 ? (
          <p>No favourites yet. Press the heart on a car to keep it here.</p>
        ) : (
          <GarageList
            label="Favourite cars"
            cars={favourites.map((car) => garageCar(car, listed))}
            images={images}
          />
        )}
      </section>
      <section aria-labelledby="garage-viewed">
        <h2 id="garage-viewed">Recently Viewed</h2>
        {viewed.length === 0 ? (
          <p>Cars you look at appear here.</p>
        ) : (
          <GarageList
            label="Recently viewed cars"
            cars={viewed.map((car) => garageCar(car, listed))}
            images={images}
          />
        )}
      </section>
    </div>
  );
}
