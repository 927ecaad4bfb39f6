// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { clientInteraction } from './src/directives/client-interaction.ts';
import { siteBuild } from './src/build/site-build.ts';

// One Astro build per tenant: siteBuild() takes the site's URL, output folder and data from the
// build script (src/config/build-env.ts). See docs/architecture.md, "How a build works".
export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  compressHTML: true,
  build: { format: 'directory', inlineStylesheets: 'auto' },
  integrations: [react(), clientInteraction(), siteBuild()],
  devToolbar: { enabled: false },
  vite: { build: { chunkSizeWarningLimit: 800 } },
});
