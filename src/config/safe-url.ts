import { z } from 'zod';
import { urlProblem } from './url-check';

export { isSafeUrl, safeUrlOrUndefined, urlProblem } from './url-check';

/** Marks the issue as an unsafe URL, so a feed can drop the field rather than the record. */
export const UNSAFE_URL = 'unsafe_url';

/**
 * A string that passes `urlProblem`, trimmed; the issue names what is wrong with the value. A blank
 * string passes: feeds send "" for "none", and every reader treats it so.
 */
export const SafeUrlSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = value === '' ? undefined : urlProblem(value);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: problem,
        input: value,
        params: { [UNSAFE_URL]: true },
      });
  });
