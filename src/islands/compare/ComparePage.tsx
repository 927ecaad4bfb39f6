import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { COMPARE_LIMIT } from '../../domain/compare-eligibility';
import { COMPARE_ROWS, type CompareCar } from '../../domain/compare-figures';
import { $compare, toggleCompare } from '../../stores/compare';
import type { ImageUrlContext } from '../../domain/images/image-url';
import { responsiveImage } from '../../domain/images/responsive';
import { SafeImage } from '../vehicle/SafeImage';

interface Props {
  /** Where to find cars to add (the site's stock search). */
  searchPath: string;
  /** How photos are resized (imageUrlContext). */
  images?: ImageUrlContext;
}

type Data =
  { state: 'loading' } | { state: 'error' } | { state: 'ready'; cars: Map<string, CompareCar> };

/** /compare: the chosen cars side by side, read from this browser's list and the site's compare data. */
export default function ComparePage({ searchPath, images }: Props) {
  const list = useStore($compare);
  // The list lives in this browser only: the server rendered without it. The first render here
  // must match that HTML (React error #418 otherwise), so the stored list applies once hydrated.
  const [hydrated, setHydrated] = useState(false);
  const [data, setData] = useState<Data>({ state: 'loading' });
  useEffect(() => {
    setHydrated(true);
    fetch('/compare.json')
      .then((response) =>
        response.ok
          ? (response.json() as Promise<{ cars: CompareCar[] }>)
          : Promise.reject(new Error(String(response.status))),
      )
      .then(({ cars }) =>
        setData({ state: 'ready', cars: new Map(cars.map((car) => [car.id, car])) }),
      )
      .catch(() => setData({ state: 'error' }));
  }, []);

  if (!hydrated) return <p>Loading the cars you chose...</p>;
  if (list.length === 0) {
    return (
      <div className="card compare-empty">
        <div className="card__body">
          <h2>No cars to compare yet</h2>
          <p>Press Compare on up to {COMPARE_LIMIT} cars and they will appear here side by side.</p>
          <p>
            <a className="btn btn-primary" href={searchPath}>
              Browse cars
            </a>
          </p>
        </div>
      </div>
    );
  }
  if (data.state === 'loading') return <p>Loading the cars you chose...</p>;
  if (data.state === 'error')
    return (
      <p role="alert">The car details could not be loaded. Please reload the page to try again.</p>
    );

  const cars = list
    .map((entry) => data.cars.get(entry.id))
    .filter((car): car is CompareCar => car !== undefined);
  // A car sold or taken off the site since it was chosen: say so and let the shopper drop it.
  const gone = list.filter((entry) => !data.cars.has(entry.id));
  return (
    <>
      {gone.length > 0 && (
        <ul className="compare-gone">
          {gone.map((entry) => (
            <li key={entry.id}>
              {entry.name} is no longer listed.{' '}
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => toggleCompare(entry)}
              >
                Remove<span className="visually-hidden"> {entry.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {cars.length > 0 && (
        <div
          className="compare-scroll"
          role="region"
          aria-labelledby="compare-caption"
          tabIndex={0}
        >
          <table className="compare-table">
            <caption id="compare-caption">
              Comparing {cars.length} {cars.length === 1 ? 'car' : 'cars'}
            </caption>
            <thead>
              <tr>
                <td />
                {cars.map((car) => (
                  <th key={car.id} scope="col" data-car-id={car.id}>
                    <SafeImage
                      {...responsiveImage(images, car.image, 'compare')}
                      alt=""
                      width={300}
                      height={200}
                      loading="lazy"
                    />
                    <a href={`/cars/${car.slug}`}>{car.name}</a>
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      onClick={() => toggleCompare(car)}
                    >
                      Remove<span className="visually-hidden"> {car.name}</span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {COMPARE_ROWS.map(([key, label]) => (
                <tr key={key} data-row={key}>
                  <th scope="row">{label}</th>
                  {cars.map((car) => (
                    <td key={car.id}>
                      {car.figures[key] ?? <span aria-label="Not listed">–</span>}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="compare-note">
        * Weekly estimates are indicative only and not a binding quote; approved applicants only.
        Terms, fees and lending criteria apply.
      </p>
      {list.length < COMPARE_LIMIT && (
        <p>
          <a href={searchPath}>Add another car</a> (up to {COMPARE_LIMIT}).
        </p>
      )}
    </>
  );
}
