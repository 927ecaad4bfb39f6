import { pathToFileURL } from 'node:url';
import type { AstroConfig } from 'astro';
import { describe, expect, it } from 'vitest';
import { EnvError } from '../../src/config/build-env';
import { siteBuild } from '../../src/build/site-build';

const root = pathToFileURL('/work/project/');

/** What siteBuild() asks of Astro's config for `env`. */
function configFor(env: NodeJS.ProcessEnv) {
  let update: Record<string, unknown> | undefined;
  const setup = siteBuild(env).hooks['astro:config:setup']!;
  void setup({
    config: { root } as AstroConfig,
    updateConfig: (value: Record<string, unknown>) => {
      update = value;
      return {} as AstroConfig;
    },
  } as unknown as Parameters<typeof setup>[0]);
  return update as {
    site: string;
    outDir: URL;
    publicDir?: URL;
    build: { client: URL; server: URL; concurrency: number };
    vite: {
      build: { emptyOutDir?: boolean };
      resolve: { alias: { find: RegExp; replacement: string }[] };
    };
  };
}

describe('siteBuild (src/build/site-build.ts)', () => {
  it('builds the site the build script names into the folder it made, with public/ already in it', () => {
    const config = configFor({
      SITE_URL: 'https://www.baysidetoyota.example',
      OUT_DIR: '/work/project/dist/.tmp-bayside-toyota',
      SITE_DATA_READY: '/work/project/.build/bayside-toyota/site.ready.json',
      BUILD_THREADS: '2',
    });
    expect(config.site).toBe('https://www.baysidetoyota.example');
    expect(config.outDir.href).toBe('file:///work/project/dist/.tmp-bayside-toyota/');
    expect(config.build.client.href).toBe('file:///work/project/dist/.tmp-bayside-toyota/client/');
    expect(config.publicDir?.href).toBe(
      'file:///work/project/.build/public-linked-by-build-script/',
    );
    expect(config.vite.build.emptyOutDir).toBe(false);
    expect(config.build.concurrency).toBe(7);
    expect(config.vite.resolve.alias[0]!.replacement).toBe(
      '/work/project/src/build/react-server.ts',
    );
  });

  it('builds a plain `astro build` into dist/_dev from public/, one page at a time on the main thread', () => {
    const config = configFor({});
    expect(config.site).toBe('http://localhost:4321');
    expect(config.outDir.href).toBe('file:///work/project/dist/_dev/');
    expect(config.publicDir).toBeUndefined();
    expect(config.vite.build.emptyOutDir).toBeUndefined();
    expect(config.build.concurrency).toBe(2);
  });

  it('stops Astro with the bad variable named', () => {
    expect(() => configFor({ BUILD_PID: 'self' })).toThrow(EnvError);
    expect(() => configFor({ BUILD_PID: 'self' })).toThrow(
      'BUILD_PID="self": expected a whole number of at least 1',
    );
  });
});
