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

// One Astro build per tenant: scripts/build.ts sets SITE_URL, OUT_DIR and SITE_DATA (the
// validated tenant and feeds) for each. See README "How a build works".
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  outDir: process.env.OUT_DIR ?? 'dist/_dev',
  // Parallel build shards (scripts/lib/build-tenant.ts) each keep their own content data store.
  ...(process.env.ASTRO_CACHE_DIR && { cacheDir: process.env.ASTRO_CACHE_DIR }),
  output: 'static',
  trailingSlash: 'ignore',
  compressHTML: true,
  build: {
    format: 'directory',
    concurrency: 2,
    inlineStylesheets: 'auto',
  },
  // Not `experimentalDisableStreaming`: its renderToString drops the island's identifierPrefix, so
  // useId ids repeat across the islands of a page (invalid HTML, and hydration mismatches).
  integrations: [react(), interactionDirective],
  devToolbar: { enabled: false },
  vite: {
    build: { chunkSizeWarningLimit: 800 },
  },
});
