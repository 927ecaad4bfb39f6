import { z } from 'zod';

/** A bad environment variable: the message names each one, its value and what was expected. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * The variables `schema` names, read from `env` afresh on each call (tests change it) and checked
 * all at once: blank counts as unset, and every bad one is listed in a single EnvError.
 */
export function readEnv<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  env: NodeJS.ProcessEnv,
): z.output<z.ZodObject<Shape>> {
  const known = Object.fromEntries(
    Object.keys(schema.shape).flatMap((name) => (env[name]?.trim() ? [[name, env[name]]] : [])),
  );
  const check = schema.safeParse(known);
  if (!check.success) {
    const problems = check.error.issues.map(
      (issue) =>
        `${String(issue.path[0])}=${JSON.stringify(known[String(issue.path[0])])}: ${issue.message}`,
    );
    throw new EnvError(
      `Bad environment variable${problems.length > 1 ? 's' : ''}:\n  ${problems.join('\n  ')}`,
    );
  }
  return check.data;
}

/** An optional variable holding a whole number of at least `min` ("2", not "two" or "1.5"). */
export const wholeNumberVar = (min: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `expected a whole number of at least ${min}`)
    .transform(Number)
    .refine((value) => value >= min, `expected a whole number of at least ${min}`)
    .optional();
