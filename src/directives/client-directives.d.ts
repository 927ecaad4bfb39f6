import type { InteractionOptions } from './interaction';

// Lets .astro files type-check `client:interaction` (registered in astro.config.mjs).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean | InteractionOptions;
  }
}
