// @ts-check
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';

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

// Build shards after the first (scripts/lib/build-tenant.ts) keep only their car pages and _astro
// assets, so they skip copying public/ (8 MB of media) into their output.
const laterShard = /^[1-9]\d*\//.test(process.env.BUILD_SHARD ?? '');

// One Astro build per tenant: scripts/build.ts sets SITE_URL, OUT_DIR and SITE_DATA (the
// validated tenant and feeds) for each. See README "How a build works".
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  outDir: process.env.OUT_DIR ?? 'dist/_dev',
  // Parallel build shards (scripts/lib/build-tenant.ts) each keep their own content data store.
  ...(process.env.ASTRO_CACHE_DIR && { cacheDir: process.env.ASTRO_CACHE_DIR }),
  ...(laterShard && { publicDir: fileURLToPath(new URL('./node_modules/.astro-no-public/', import.meta.url)) }),
  output: 'static',
  trailingSlash: 'ignore',
  compressHTML: true,
  build: {
    format: 'directory',
    concurrency: 2,
    inlineStylesheets: 'auto',
  },
  integrations: [react(), interactionDirective],
  devToolbar: { enabled: false },
  vite: {
    build: { chunkSizeWarningLimit: 800 },
    resolve: {
      // Islands are rendered on the server by src/site/react-server.ts (one renderToString per
      // island, no trial render); @astrojs/react still does the client side.
      alias: [{ find: /^@astrojs\/react\/server\.js$/, replacement: fileURLToPath(new URL('./src/site/react-server.ts', import.meta.url)) }],
    },
  },
});
