import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'build-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Run `npm run build -- <slugs>` the way an editor does, against a tenants folder of our own. The
 * fixture feeds and this test's own feeds sit outside data/: FEED_ROOTS allows their folders.
 */
function build(tenantsDir: string, slugs: string[], options: string[] = []) {
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['scripts/build.ts', ...slugs, ...options],
    {
      cwd: root,
      env: {
        ...process.env,
        TENANTS_DIR: tenantsDir,
        DIST_DIR: path.join(work, 'dist'),
        BUILD_CACHE_DIR: path.join(work, 'cache'),
        FEED_ROOTS: ['tests/fixtures/feeds', path.join(work, 'feeds')].join(path.delimiter),
      },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  return { code: result.status, out: result.stdout, err: result.stderr };
}

// Each case runs a real build; on the shared 2-core machines one can take a minute.
describe('npm run build', { timeout: 180_000 }, () => {
  it('builds a tenant, reporting and leaving out bad feed records', () => {
    const tenants = path.join(work, 'good');
    cpSync(path.resolve(root, 'tests/fixtures/tenants/valid'), tenants, { recursive: true });
    const { code, out } = build(tenants, ['fixture-dealer']);
    expect(code).toBe(0);
    expect(out).toContain('record #3 (id 4): price: expected a number, got "call us"');
    expect(out).toMatch(
      /✔ fixture-dealer: \d+ pages, 2 cars listed, 3 bad car records left out, 1 not listed/,
    );
    const site = path.join(work, 'dist', 'fixture-dealer');
    expect(existsSync(path.join(site, 'index.html'))).toBe(true);
    expect(existsSync(path.join(site, 'cars', '2024-toyota-rav4-gxl-1', 'index.html'))).toBe(true);
    expect(existsSync(path.join(site, 'cars', 'bad-price-4'))).toBe(false);
    expect(readFileSync(path.join(site, 'sitemap.xml'), 'utf8')).toContain(
      '<loc>https://www.fixture.example.com.au/cars/2024-toyota-rav4-gxl-1</loc>',
    );
    expect(readFileSync(path.join(site, 'robots.txt'), 'utf8')).toContain(
      'Sitemap: https://www.fixture.example.com.au/sitemap.xml',
    );
  });

  it('stops on a broken tenant file with every problem listed, exit code 1 and nothing built', () => {
    const tenants = path.join(work, 'broken');
    cpSync(path.resolve(root, 'tests/fixtures/tenants/valid'), tenants, { recursive: true });
    const broken = readFileSync(
      path.resolve(root, 'tests/fixtures/tenants/valid/fixture-dealer.yaml'),
      'utf8',
    )
      .replace('slug: fixture-dealer', 'slug: broken-dealer')
      .replace(/primary: .*/, 'primary: blue')
      .concat('stock:\n  include_sold_cars_days: 99\n');
    writeFileSync(path.join(tenants, 'broken-dealer.yaml'), broken);
    const { code, err } = build(tenants, []);
    expect(code).toBe(1);
    expect(err).toContain(
      'broken-dealer.yaml: theme.colours.primary (line 8): expected a hex colour like "#0a5cff", got "blue"',
    );
    expect(err).toContain(
      'broken-dealer.yaml: stock.include_sold_cars_days (line 13): expected a number of at most 14, got 99',
    );
    expect(err).toContain('Build stopped');
    expect(err).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(path.join(work, 'dist', 'broken-dealer'))).toBe(false);
  });

  it('stops on a feed that is not JSON, naming the tenant file and feed, and leaves nothing behind', () => {
    // Astro starts while the feeds are still being parsed: the build must stop it and clean up.
    const tenants = path.join(work, 'bad-feed');
    cpSync(path.resolve(root, 'tests/fixtures/tenants/valid'), tenants, { recursive: true });
    const feed = path.join(work, 'feeds', 'cars-truncated.json');
    mkdirSync(path.dirname(feed), { recursive: true });
    writeFileSync(
      feed,
      readFileSync(path.resolve(root, 'tests/fixtures/feeds/mini/cars.json'), 'utf8').slice(0, 200),
    );
    const yaml = readFileSync(path.join(tenants, 'fixture-dealer.yaml'), 'utf8')
      .replace('slug: fixture-dealer', 'slug: bad-feed-dealer')
      .replace('cars: tests/fixtures/feeds/mini/cars.json', `cars: ${feed}`);
    writeFileSync(path.join(tenants, 'bad-feed-dealer.yaml'), yaml);
    const started = performance.now();
    const { code, err } = build(tenants, ['bad-feed-dealer']);
    expect(code).toBe(1);
    expect(err).toContain(`bad-feed-dealer.yaml: feeds.cars (${feed}): not valid JSON`);
    expect(err).not.toMatch(/\n\s+at /);
    expect(err).not.toContain('astro build failed');
    // Stopped, not left to finish its Vite builds and render (about 10 s here when busy).
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(existsSync(path.join(work, 'dist', 'bad-feed-dealer'))).toBe(false);
    expect(existsSync(path.join(work, 'dist', '.tmp-bad-feed-dealer'))).toBe(false);
  });

  it('refuses a feed path outside the feed folders, naming the tenant file and field, without printing the file', () => {
    const tenants = path.join(work, 'outside-feed');
    cpSync(path.resolve(root, 'tests/fixtures/tenants/valid'), tenants, { recursive: true });
    const yaml = readFileSync(path.join(tenants, 'fixture-dealer.yaml'), 'utf8')
      .replace('slug: fixture-dealer', 'slug: outside-dealer')
      .replace('cars: tests/fixtures/feeds/mini/cars.json', 'cars: /etc/passwd');
    writeFileSync(path.join(tenants, 'outside-dealer.yaml'), yaml);
    const { code, out, err } = build(tenants, ['outside-dealer']);
    expect(code).toBe(1);
    expect(err).toContain(
      'outside-dealer.yaml: feeds.cars (/etc/passwd): refused: a feed must be an http(s) URL or a file under data/',
    );
    expect(out + err).not.toContain('root:');
    expect(existsSync(path.join(work, 'dist', 'outside-dealer'))).toBe(false);
  });

  it(
    'keeps the live site when the cars feed shrinks suddenly, unless the editor passes --allow-shrink',
    { timeout: 600_000 },
    () => {
      const tenants = path.join(work, 'shrink');
      cpSync(path.resolve(root, 'tests/fixtures/tenants/valid'), tenants, { recursive: true });
      const yaml = readFileSync(path.join(tenants, 'fixture-dealer.yaml'), 'utf8').replace(
        'slug: fixture-dealer',
        'slug: shrink-dealer',
      );
      const useFeed = (name: string) => {
        const source = `tests/fixtures/feeds/shrink/${name}.json`;
        writeFileSync(
          path.join(tenants, 'shrink-dealer.yaml'),
          yaml.replace('cars: tests/fixtures/feeds/mini/cars.json', `cars: ${source}`),
        );
        return source;
      };
      const site = path.join(work, 'dist', 'shrink-dealer');
      const carPages = () =>
        readdirSync(path.join(site, 'cars')).filter((name) =>
          existsSync(path.join(site, 'cars', name, 'index.html')),
        ).length;
      const stopped = (source: string, why: string) =>
        `shrink-dealer.yaml: feeds.cars (${source}): not built, ${why}. The live site dist/shrink-dealer/ was left as it was; ` +
        'if the feed is right, build with: npm run build -- shrink-dealer --allow-shrink';

      useFeed('cars-full');
      expect(build(tenants, ['shrink-dealer']).code).toBe(0);
      expect(carPages()).toBe(6 + 1); // six cars and the trade-in page

      // An empty feed stops this site only: the other site named is still built.
      const empty = useFeed('cars-empty');
      rmSync(path.join(work, 'dist', 'fixture-dealer'), { recursive: true, force: true });
      let result = build(tenants, ['shrink-dealer', 'fixture-dealer']);
      expect(result.code).toBe(1);
      expect(result.err).toContain(stopped(empty, 'the feed has no records'));
      expect(result.err).not.toMatch(/\n\s+at /);
      expect(result.out).toMatch(/✔ fixture-dealer: /);
      expect(carPages()).toBe(7);
      expect(existsSync(path.join(work, 'dist', '.tmp-shrink-dealer'))).toBe(false);

      const invalid = useFeed('cars-mostly-invalid');
      result = build(tenants, ['shrink-dealer']);
      expect(result.code).toBe(1);
      expect(result.err).toContain(
        stopped(invalid, '5 of its 6 records are invalid (more than half)'),
      );
      expect(carPages()).toBe(7);

      // The count of the last build is kept beside the site, so it survives between builds.
      const few = useFeed('cars-few');
      result = build(tenants, ['shrink-dealer']);
      expect(result.code).toBe(1);
      expect(result.err).toContain(
        stopped(few, 'it lists 2 cars, down from 6 at the last build (more than half gone)'),
      );
      expect(carPages()).toBe(7);

      result = build(tenants, ['shrink-dealer'], ['--allow-shrink']);
      expect(result.code, result.err).toBe(0);
      expect(result.out).toContain(
        'it lists 2 cars, down from 6 at the last build (more than half gone); built anyway (--allow-shrink)',
      );
      expect(carPages()).toBe(3);
    },
  );
});
