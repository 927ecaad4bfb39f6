/**
 * The build machinery as one Astro integration (astro.config.mjs). It reads what the build script
 * hands over (src/config/build-env.ts) and sets Astro up for it: the site's URL and output folder,
 * enough pages in flight for the render threads, our React server renderer, and, when the build
 * script made the output folder and put public/ in it (SITE_DATA_READY), neither copying public/
 * nor emptying the folder. Pages then render on the render threads (src/build/render-threads.ts).
 * See docs/architecture.md, "How a build works".
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroConfig, AstroIntegration } from 'astro';
import { buildEnv, type BuildEnv } from '../config/build-env';
import { buildConcurrency, renderThreadsPrerenderer, usesRenderThreads } from './render-threads';

/** A folder as Astro's config holds one: a file URL ending in a slash, a relative path taken from the project. */
const folderUrl = (folder: string, root: URL) =>
  pathToFileURL(path.resolve(fileURLToPath(root), folder) + path.sep);

/** `env`: the process's own; tests give theirs. */
export function siteBuild(processEnv: NodeJS.ProcessEnv = process.env): AstroIntegration {
  let env: BuildEnv;
  let config: AstroConfig;
  return {
    name: 'site-build',
    hooks: {
      'astro:config:setup': ({ config: { root }, updateConfig }) => {
        env = buildEnv(processEnv);
        const builtByScript = Boolean(env.SITE_DATA_READY);
        const outDir = folderUrl(env.OUT_DIR, root);
        // Astro fixes the origin of its build requests (Astro.url) from the config before this
        // hook: pages take the site's URL from the site data or Astro.site, never Astro.url.
        updateConfig({
          site: env.SITE_URL,
          outDir,
          ...(builtByScript
            ? { publicDir: folderUrl('.build/public-linked-by-build-script', root) }
            : {}),
          build: {
            // Where Astro puts them for an outDir given in the config.
            client: new URL('./client/', outDir),
            server: new URL('./server/', outDir),
            concurrency: buildConcurrency(env),
          },
          vite: {
            build: builtByScript ? { emptyOutDir: false } : {},
            resolve: {
              // Islands are rendered on the server by react-server.ts (one renderToString per
              // island, no trial render); @astrojs/react still does the client side.
              alias: [
                {
                  find: /^@astrojs\/react\/server\.js$/,
                  replacement: fileURLToPath(new URL('./src/build/react-server.ts', root)),
                },
              ],
            },
          },
        });
      },
      'astro:config:done': ({ config: done }) => {
        config = done;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        if (usesRenderThreads(env))
          setPrerenderer((defaults) => renderThreadsPrerenderer(defaults, config, env));
      },
    },
  };
}
