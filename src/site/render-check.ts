/**
 * One car whose page cannot render must not stop its whole site. Before Astro renders anything,
 * each listed car goes through the functions of its pages that percent-encode its text into links
 * (share links, car links): encodeURIComponent is what threw (`URIError: URI malformed` on a
 * lone surrogate) and stopped every build of a tenant. A car that throws is left out and reported
 * with its id and the field to fix; the rest of the site builds. Feed text is normalised first
 * (src/feeds/normalise-text.ts), so this is the second line of defence. The whole vehicle page
 * builder is not run here: at 10,000 cars it took about a second on the build's critical path.
 */
import type { RejectedRecord } from '../feeds/load';
import type { Car } from '../feeds/schemas';
import { shareLinks } from '../domain/vehicle/share';
import { financeUrl, printUrl, testDriveUrl, tradeInUrl } from './car-links';
import { carPath } from './paths';
import { canonicalUrl } from './seo';
import type { SiteData } from './types';

/** What the car's pages make of its text for links; throws where rendering them would. */
function renderCar(car: Car, site: SiteData): void {
  const { tenant } = site;
  shareLinks(canonicalUrl(tenant.url, carPath(car)), car.name);
  financeUrl(car, tenant);
  testDriveUrl(car, tenant);
  tradeInUrl(car);
  printUrl(car);
}

type Path = (string | number)[];

/** Each string in the record, with where it is ("location.name", "standardEquipment[0].items[1]"). */
function stringLeaves(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringLeaves(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

function withValue(car: Car, path: Path, replacement: string): Car {
  const copy = structuredClone(car);
  let holder = copy as unknown as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
  holder[path.at(-1)!] = replacement;
  return copy;
}

function formatPath(path: Path): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i ? `.${key}` : key))
    .join('');
}

/**
 * The field that makes the render throw: the first string whose plain stand-in lets the car render.
 * Only run for a car that threw, so its cost (one render per string) does not matter.
 */
function guiltyField(car: Car, site: SiteData): string | undefined {
  for (const path of stringLeaves(car)) {
    try {
      renderCar(withValue(car, path, 'x'), site);
      return formatPath(path);
    } catch {
      // Not this one.
    }
  }
  return undefined;
}

/**
 * The site with the cars whose page would throw left out, and each reported as a bad feed record
 * (src/feeds/load.ts describeRejected); `feedIndex` finds a car's place in its feed.
 */
export function leaveOutUnrenderable(
  site: SiteData,
  source: string,
  feedIndex: (id: string) => number,
): { site: SiteData; rejected: RejectedRecord[] } {
  const rejected: RejectedRecord[] = [];
  const cars = site.cars.filter((car) => {
    try {
      renderCar(car, site);
      return true;
    } catch (error) {
      const field = guiltyField(car, site);
      const reason = `its page cannot be rendered (${(error as Error).name}: ${(error as Error).message}); the car is left out`;
      rejected.push({
        feed: 'cars',
        source,
        index: feedIndex(car.id),
        id: car.id,
        problems: [field ? `${field}: ${reason}` : reason],
      });
      return false;
    }
  });
  return { site: rejected.length ? { ...site, cars } : site, rejected };
}
