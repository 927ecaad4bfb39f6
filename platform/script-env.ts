import { z } from 'zod';
import { readEnv, wholeNumberVar } from '../src/config/read-env';

const text = z.string().optional();
const port = z
  .string()
  .trim()
  .regex(/^\d+$/, 'expected a port number (1-65535)')
  .transform(Number)
  .refine((value) => value >= 1 && value <= 65_535, 'expected a port number (1-65535)')
  .optional();

/**
 * The environment variables the build, serve, size and API-only scripts read (the API's own are
 * in api/env.ts; the build's hand-offs to the Astro process in src/config/build-env.ts).
 * docs/operations.md lists them.
 */

const ScriptEnvSchema = z.object({
  /** Where built sites and the build's caches go (relative to the project). */
  DIST_DIR: z.string().default('dist'),
  BUILD_CACHE_DIR: z.string().default('.build'),
  /** Any value: print per-phase build timings. */
  BUILD_TIMINGS: z
    .string()
    .optional()
    .transform((value) => Boolean(value)),
  /** A file for Astro's own log, and a folder for CPU profiles of the Astro processes. */
  ASTRO_LOG: text,
  ASTRO_PROF: text,
  /** First port of `npm run serve`/`npm start`/`npm run size` (each script has its default), and the host to listen on. */
  PORT: port,
  HOST: text,
  /** The Chromium that size and the benchmarks drive. */
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  /** The API-only server (platform/api/api-server.ts): which site, and its leads settings as a JSON object. */
  API_TENANT: z.string().default('bayside-toyota'),
  API_LEADS: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return {};
      try {
        const parsed: unknown = JSON.parse(value);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          return parsed as Record<string, unknown>;
      } catch {
        // reported below
      }
      context.addIssue({ code: 'custom', message: 'expected a JSON object of leads settings' });
      return z.NEVER;
    }),
  /** Threads of a partial render (platform/build/build-incremental.ts; default two on two cores). */
  PARTIAL_RENDER_THREADS: wholeNumberVar(1),
  /** Seconds the last full render's time may be kept by partial renders (default 3600). */
  INCREMENTAL_MAX_AGE_SECONDS: wholeNumberVar(0),
  MEILISEARCH_HOST: text,
  MEILISEARCH_ADMIN_KEY: text,
});

export type ScriptEnv = z.output<typeof ScriptEnvSchema>;

/** The scripts' settings from `env`; throws EnvError naming every bad variable. */
export function scriptEnv(env: NodeJS.ProcessEnv = process.env): ScriptEnv {
  return readEnv(ScriptEnvSchema, env);
}
