/**
 * The render threads (src/build/render-threads.ts, src/build/render-worker.mjs) use Astro internals
 * that no semver covers, so astro is pinned. These tests take seconds and say what changed, where a
 * changed internal would otherwise fail (or quietly mis-render) deep inside a 10,000-car build. On
 * an Astro upgrade: run this file, adapt the render threads to what it names, then move the pin.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const PINNED = '7.3.4';
const astroDir = path.dirname(createRequire(import.meta.url).resolve('astro/package.json'));
/** A module of Astro's dist/ by file, as render-threads.ts loads it (Node's own import). */
const astroFile = (file: string) =>
  import(pathToFileURL(path.join(astroDir, file)).href) as Promise<Record<string, unknown>>;
const source = (file: string) => readFileSync(path.join(astroDir, file), 'utf8');

/** Asserts `value` is a function of `arity` parameters, naming it in the failure. */
function expectFunction(value: unknown, name: string, arity: number): void {
  expect(typeof value, `Astro internal ${name} is no longer a function`).toBe('function');
  expect(
    (value as (...args: unknown[]) => unknown).length,
    `Astro internal ${name} now takes ${(value as () => unknown).length} parameters, not ${arity}`,
  ).toBe(arity);
}

describe(`Astro internals the render threads rely on (astro ${PINNED})`, () => {
  it(`astro is the pinned ${PINNED}`, () => {
    const { version } = JSON.parse(source('package.json')) as { version: string };
    expect(
      version,
      `astro ${version} is installed; the render threads were checked against ${PINNED}: run the tests below, then update PINNED here and the pin in package.json`,
    ).toBe(PINNED);
  });

  it('dist/prerender/utils.js getPrerenderOutputDirectory(settings) gives <outDir>/.prerender/ for a static build', async () => {
    const { getPrerenderOutputDirectory } = await astroFile('dist/prerender/utils.js');
    expectFunction(
      getPrerenderOutputDirectory,
      'getPrerenderOutputDirectory (dist/prerender/utils.js)',
      1,
    );
    const outDir = pathToFileURL(path.join(process.cwd(), 'dist/site/'));
    const dir = (getPrerenderOutputDirectory as (settings: unknown) => URL)({
      buildOutput: 'static',
      config: { outDir, build: {} },
    });
    expect(dir.href, 'the prerender bundle is no longer written to <outDir>/.prerender/').toBe(
      new URL('.prerender/', outDir).href,
    );
  });

  it('the prerender bundle entry is still named prerender-entry.<hash>.mjs', () => {
    const config = source('dist/core/build/vite-build-config.js');
    expect(
      config,
      'PRERENDER_ENTRY_FILENAME_PREFIX in dist/core/build/vite-build-config.js is no longer "prerender-entry"',
    ).toContain('const PRERENDER_ENTRY_FILENAME_PREFIX = "prerender-entry";');
    expect(
      config,
      'the prerender entry is no longer named `${PRERENDER_ENTRY_FILENAME_PREFIX}.[hash].mjs` (dist/core/build/vite-build-config.js)',
    ).toContain('entryFileNames: `${PRERENDER_ENTRY_FILENAME_PREFIX}.[hash].mjs`');
  });

  it("the default prerenderer's setup() imports the entry's `app` and hands it the build internals through app.setInternals, then app.setOptions", async () => {
    const { createDefaultPrerenderer } = await astroFile('dist/core/build/default-prerenderer.js');
    expectFunction(
      createDefaultPrerenderer,
      'createDefaultPrerenderer (dist/core/build/default-prerenderer.js)',
      1,
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'astro-internals-'));
    writeFileSync(
      path.join(dir, 'prerender-entry.test.mjs'),
      // Calls go on globalThis: Astro imports the module natively, apart from this test's module graph.
      'const calls = (globalThis.astroInternalsCalls = []);\nexport const app = { setInternals: (value) => calls.push(["setInternals", value]), setOptions: (value) => calls.push(["setOptions", value]) };\n',
    );
    const internals = { prerenderEntryFileName: 'prerender-entry.test.mjs' };
    const options = { settings: { scripts: [] } };
    const prerenderer = (
      createDefaultPrerenderer as (args: unknown) => {
        setup(): Promise<void>;
        getStaticPaths: unknown;
        render: unknown;
        teardown: unknown;
      }
    )({
      internals,
      options,
      prerenderOutputDir: pathToFileURL(`${dir}/`),
    });
    for (const hook of ['setup', 'getStaticPaths', 'render', 'teardown'] as const)
      expect(typeof prerenderer[hook], `the default prerenderer has no ${hook}()`).toBe('function');
    await prerenderer.setup();
    const calls =
      (globalThis as { astroInternalsCalls?: [string, unknown][] }).astroInternalsCalls ?? [];
    expect(
      calls.map(([name]) => name),
      'setup() no longer calls app.setInternals(internals) then app.setOptions(options): render-threads.ts catches the internals there',
    ).toEqual(['setInternals', 'setOptions']);
    expect(
      calls[0]![1],
      'setup() no longer passes the build internals object itself to app.setInternals',
    ).toBe(internals);
  });

  it('the prerender app (BuildApp) has setInternals(internals), setOptions(options), getSettings(), render() and a logger', async () => {
    const { BuildApp } = await astroFile('dist/core/build/app.js');
    expect(typeof BuildApp, 'dist/core/build/app.js no longer exports BuildApp').toBe('function');
    const proto = (BuildApp as { prototype: Record<string, unknown> }).prototype;
    expectFunction(proto.setInternals, 'BuildApp#setInternals', 1);
    expectFunction(proto.setOptions, 'BuildApp#setOptions', 1);
    expectFunction(proto.getSettings, 'BuildApp#getSettings', 0);
    expect(typeof proto.render, 'BuildApp#render is gone').toBe('function');
    expect(
      String(proto.setOptions),
      'BuildApp#setOptions no longer reads only options.logger.options.destination of the logger (render-worker.mjs passes just that)',
    ).toContain('options.logger.options.destination');
    expect(
      typeof Object.getOwnPropertyDescriptor(proto, 'routeCache')?.get,
      'BuildApp no longer has a `routeCache` getter (render-pages.mjs clears its getStaticPaths answers between two renders of new data)',
    ).toBe('function');
    const { RouteCache } = await astroFile('dist/core/render/route-cache.js');
    expectFunction(
      (RouteCache as { prototype: Record<string, unknown> }).prototype.clearAll,
      'RouteCache#clearAll (dist/core/render/route-cache.js)',
      0,
    );
    const base = Object.getPrototypeOf(proto) as object;
    expect(
      typeof Object.getOwnPropertyDescriptor(base, 'logger')?.get,
      'BaseApp no longer has a `logger` getter (render-worker.mjs reads app.logger.options.destination)',
    ).toBe('function');
  });

  it("the build environment writes a page's styles and page script from only pagesByKeys[].styles, entrySpecifierToBundleMap and settings.scripts (what a thread is sent)", async () => {
    const { createBuildEnvironment } = await astroFile('dist/core/build/environment.js');
    const { makePageDataKey } = await astroFile('dist/core/build/plugins/util.js');
    const { PAGE_SCRIPT_ID } = await astroFile('dist/vite-plugin-scripts/index.js');
    expectFunction(
      createBuildEnvironment,
      'createBuildEnvironment (dist/core/build/environment.js)',
      0,
    );
    const buildEnv = (
      createBuildEnvironment as () => {
        env: {
          headElements(
            manifest: unknown,
            route: unknown,
          ): { scripts: Set<unknown>; styles: Set<unknown> };
        };
        setInternals(value: unknown): void;
        setOptions(value: unknown): void;
      }
    )();
    const route = { route: '/cars/[slug]', component: 'src/pages/cars/[slug].astro' };
    const styles = [{ depth: 0, order: 0, sheet: { type: 'external', src: '/_astro/page.css' } }];
    // Exactly the members render-threads.ts copies into workerData.
    buildEnv.setInternals({
      pagesByKeys: new Map([
        [
          (makePageDataKey as (route: string, component: string) => string)(
            route.route,
            route.component,
          ),
          { styles },
        ],
      ]),
      entrySpecifierToBundleMap: new Map([[PAGE_SCRIPT_ID as string, '_astro/page.js']]),
    });
    buildEnv.setOptions({ settings: { scripts: [{ stage: 'page', content: '' }] } });
    const head = buildEnv.env.headElements({ base: '/', assetsPrefix: undefined }, route);
    expect(
      JSON.stringify([...head.styles]),
      "headElements no longer takes a page's styles from internals.pagesByKeys[key].styles",
    ).toContain('/_astro/page.css');
    expect(
      JSON.stringify([...head.scripts]),
      'headElements no longer takes the page script from internals.entrySpecifierToBundleMap and settings.scripts',
    ).toContain('/_astro/page.js');
  });

  it('astro/runtime/prerender/static-paths.js exports StaticPaths(app), whose getAll() lists the prerendered routes of app.manifest.routes[].routeData', async () => {
    const { StaticPaths } = (await import('astro/runtime/prerender/static-paths.js')) as {
      StaticPaths: new (app: unknown) => {
        getAll(): Promise<{ pathname: string; route: unknown }[]>;
      };
    };
    expectFunction(StaticPaths, 'StaticPaths (astro/runtime/prerender/static-paths.js)', 1);
    const routeData = {
      type: 'page',
      route: '/about',
      component: 'src/pages/about.astro',
      pathname: '/about',
      prerender: true,
      fallbackRoutes: [],
    };
    const skipped = { ...routeData, route: '/api', pathname: '/api', prerender: false };
    const paths = await new StaticPaths({
      manifest: { routes: [{ routeData }, { routeData: skipped }] },
    }).getAll();
    expect(
      paths,
      'StaticPaths#getAll no longer gives { pathname, route } for each prerendered route of app.manifest.routes',
    ).toEqual([{ pathname: '/about', route: routeData }]);
  });
});
