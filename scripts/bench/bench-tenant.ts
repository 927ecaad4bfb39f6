import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../../platform/paths';
import { generateCars } from '../sample-data';

/**
 * A generated dealer for the build benchmarks: `count` cars for sale (seeded, so every run builds
 * the same site), the demo locations, both listing feeds on. The feeds are written into `work`,
 * which the benchmark passes as FEED_ROOTS, and the tenant file into `tenantsDir`.
 */
export async function writeBenchTenant(options: {
  work: string;
  tenantsDir: string;
  slug: string;
  count: number;
  seed: number;
  now: string;
  name?: string;
}): Promise<{ carsFile: string }> {
  const { work, tenantsDir, slug, count, seed, now } = options;
  const cars = generateCars({ count, seed, now, tenant: 'dealer' }).map((car) => ({
    ...car,
    status: 'in_stock',
    sold: false,
    show_on_dealer_website: true,
  }));
  const carsFile = path.join(work, `cars-${slug}.json`);
  const locationsFile = path.join(work, 'locations.json');
  await writeFile(carsFile, JSON.stringify(cars));
  await writeFile(locationsFile, await benchLocations());
  await writeFile(
    path.join(tenantsDir, `${slug}.yaml`),
    [
      'template: dealer',
      `slug: ${slug}`,
      `name: ${options.name ?? 'Benchmark Motors'}`,
      `url: https://${slug}.example.com.au`,
      'description: A generated dealer used to measure build speed.',
      'theme:',
      '  colours:',
      '    primary: "#0b5cad"',
      // Both listing feeds on, as a dealer syndicating its stock has them: "listing feeds" in the timings.
      'syndication: { google: true, meta: true }',
      'feeds:',
      `  cars: ${carsFile}`,
      `  locations: ${locationsFile}`,
      '',
    ].join('\n'),
  );
  return { carsFile };
}

let locations: Promise<string> | undefined;
function benchLocations(): Promise<string> {
  locations ??= readFile(path.join(ROOT, 'data/demo/bayside-toyota/locations.json'), 'utf8').catch(
    () => {
      throw new Error(
        'Run `npm run build` (or `npm run data`) once first: the benchmark reuses the demo locations.',
      );
    },
  );
  return locations;
}
