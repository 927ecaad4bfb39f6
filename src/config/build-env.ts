import { z } from 'zod';
import { readEnv, wholeNumberVar } from './read-env';

export { EnvError } from './read-env';

const file = z.string().optional();

/**
 * What the build script (platform/build/build-tenant.ts, scripts/dev.ts, a partial render's threads)
 * hands to the Astro process it starts, and the two build settings people may set. The script
 * writes them with buildEnvVars and the Astro side reads them with buildEnv, so both use the names
 * declared here. docs/operations.md lists them.
 */
const BuildEnvSchema = z.object({
  /** The site's public URL (Astro's `site`). */
  SITE_URL: z
    .string()
    .refine(
      (value) => /^https?:\/\//.test(value) && URL.canParse(value),
      'expected an http:// or https:// URL',
    )
    .default('http://localhost:4321'),
  /** Where Astro writes the site (relative to the project). */
  OUT_DIR: z.string().default('dist/_dev'),
  /** The site data file the pages render from (src/site/snapshot.ts). */
  SITE_DATA: file,
  /**
   * The file the build script writes once SITE_DATA is complete, with the number of render threads
   * (src/build/render-threads.ts). Set: the build script made the output folder and put public/ in it.
   */
  SITE_DATA_READY: file,
  /** The build script's process: Astro stops waiting for SITE_DATA_READY once it has gone. */
  BUILD_PID: wholeNumberVar(1),
  /** Where to keep the prerender bundle for a later partial render (src/build/render-pages.mjs). */
  RENDER_BUNDLE_DIR: file,
  /** Render threads per site, the main one included (default: the build script decides). */
  BUILD_THREADS: wholeNumberVar(1),
  /** The build's cache folder (relative to the project). */
  BUILD_CACHE_DIR: z.string().default('.build'),
});

export type BuildEnv = z.output<typeof BuildEnvSchema>;
export type BuildEnvName = keyof typeof BuildEnvSchema.shape;

/** The build's settings from `env` (read afresh each call: tests change it); throws EnvError naming every bad variable. */
export function buildEnv(env: NodeJS.ProcessEnv = process.env): BuildEnv {
  return readEnv(BuildEnvSchema, env);
}

/** Environment variables for a process that reads buildEnv: only names it reads type-check. */
export function buildEnvVars(
  values: Partial<Record<BuildEnvName, string | number>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, String(value)]],
    ),
  );
}
