import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { WATCHLIST_PATH, signInUrl } from '../../domain/accounts';
import { $favourites, type Favourite } from '../../stores/favourites';
import { $session, loadSession, signOut } from '../../stores/session';
import { $viewedCars, type ViewedCar } from '../../stores/viewed';
import './accounts.css';

// The server has no local storage: hydrate with the empty lists it rendered, then show what this
// browser keeps (anything else is a hydration mismatch, and React re-renders the whole island).
const NO_FAVOURITES: Favourite[] = [];
const NO_VIEWED_CARS: ViewedCar[] = [];

/** /my-garage: who is signed in, their watchlist, and the favourites and viewed cars kept in this browser. */
export default function MyGarage() {
  const session = useStore($session);
  const favourites = useStore($favourites, { ssr: () => NO_FAVOURITES });
  const viewed = useStore($viewedCars, { ssr: () => NO_VIEWED_CARS });

  useEffect(() => {
    void loadSession();
  }, []);

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
            <a className="btn btn-primary" href={signInUrl('my-garage', '/my-garage', '/my-garage')}>
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
          <ul className="account-list" aria-label="Favourite cars">
            {favourites.map((car) => (
              <li key={car.id}>
                <a className="account-list__name" href={`/cars/${car.slug}`}>
                  {car.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="garage-viewed">
        <h2 id="garage-viewed">Recently Viewed</h2>
        {viewed.length === 0 ? (
          <p>Cars you look at appear here.</p>
        ) : (
          <ul className="account-list" aria-label="Recently viewed cars">
            {viewed.map((car) => (
              <li key={car.id}>
                <span className="account-list__name">
                  {car.make} {car.model}
                  {car.stocknum ? ` (stock number ${car.stocknum})` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
