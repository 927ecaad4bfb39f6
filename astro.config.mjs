// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// One Astro build per tenant: scripts/build.ts sets SITE_URL, OUT_DIR and SITE_DATA (the
// validated tenant and feeds) for each. See README "How a build works".
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  outDir: process.env.OUT_DIR ?? 'dist/_dev',
  output: 'static',
  trailingSlash: 'ignore',
  compressHTML: true,
  build: {
    format: 'directory',
    concurrency: 2,
    inlineStylesheets: 'auto',
  },
  integrations: [react()],
  devToolbar: { enabled: false },
  vite: {
    build: { chunkSizeWarningLimit: 800 },
  },
});
