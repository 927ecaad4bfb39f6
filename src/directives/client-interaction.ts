import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** `client:interaction` (src/directives/interaction.ts): hydrate on the first touch, hover or focus. */
export function clientInteraction(): AstroIntegration {
  return {
    name: 'client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective, config }) =>
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./src/directives/interaction.ts', config.root)),
        }),
    },
  };
}
