import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * Tenant content pages (SPEC 2 "Other" routes): tenants/content/<slug>/<route>.md, with
 * tenants/content/_default/<route>.md as the shared fallback. Entry ids keep that path
 * ("bayside-toyota/eofy", "_default/about-us"), so a page is found by tenant and route.
 */
export const collections = {
  pages: defineCollection({
    loader: glob({ pattern: '**/*.md', base: './tenants/content', generateId: ({ entry }) => entry.replace(/\.md$/, '') }),
    schema: z.object({
      title: z.string().min(1),
      description: z.string().optional(),
    }),
  }),
};
