// @ts-check
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { buildConcurrency, renderThreads } from './src/site/render-threads.ts';

/**
 * `client:interaction` (src/directives/interaction.ts): hydrate on the first touch, hover or focus.
 * @type {import('astro').AstroIntegration}
 */
const interactionDirective = {
  name: 'client-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./src/directives/interaction.ts', import.meta.url)) }),
  },
};

// One Astro build per tenant: scripts/build.ts sets SITE_URL, OUT_DIR and SITE_DATA (the
// validated tenant and feeds) for each, and SITE_DATA_READY (src/site/render-threads.ts), as it
// starts Astro before the data is ready. See docs/architecture.md, "How a build works".
// The build script (SITE_DATA_READY) makes each site's folder afresh and links public/ into it
// itself (scripts/lib/public-files.ts): Astro is to neither copy public/ nor empty the folder.
const builtByScript = Boolean(process.env.SITE_DATA_READY);

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  outDir: process.env.OUT_DIR ?? 'dist/_dev',
  publicDir: builtByScript ? './.build/public-linked-by-build-script' : './public',
  output: 'static',
  trailingSlash: 'ignore',
  compressHTML: true,
  build: {
    format: 'directory',
    // Pages in flight: enough to keep every render thread (src/site/render-threads.ts) busy.
    concurrency: buildConcurrency(),
    inlineStylesheets: 'auto',
  },
  integrations: [react(), interactionDirective, renderThreads()],
  devToolbar: { enabled: false },
  vite: {
    build: { chunkSizeWarningLimit: 800, ...(builtByScript ? { emptyOutDir: false } : {}) },
    resolve: {
      // Islands are rendered on the server by src/site/react-server.ts (one renderToString per
      // island, no trial render); @astrojs/react still does the client side.
      alias: [{ find: /^@astrojs\/react\/server\.js$/, replacement: fileURLToPath(new URL('./src/site/react-server.ts', import.meta.url)) }],
    },
  },
});
