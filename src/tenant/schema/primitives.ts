import { z } from 'zod';
import { SafeUrlSchema } from '../../config/safe-url';

export const SlugSchema = z
  .string()
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'expected lower-case letters, digits and single dashes, like "bayside-toyota"',
  );

export const HexColourSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'expected a hex colour like "#0a5cff"');

/**
 * A site path ("/finance") or an absolute http(s) URL (src/config/safe-url.ts: never javascript:,
 * data: or a "//host" link). The pattern is for editors; the check itself is urlProblem's.
 */
export const LinkSchema = SafeUrlSchema.min(
  1,
  'expected a site path starting with "/" or an http(s) URL',
).meta({
  pattern: String.raw`^(?:[Hh][Tt][Tt][Pp][Ss]?://[^/\\\s]|/(?![/\\]))[^\u0000-\u001f\u007f]*$`,
});

/** An Australian phone number as editors type it: "+61 7 3000 1234", "07 3000 1234", "13 22 33". */
export const PhoneSchema = z
  .string()
  .regex(
    /^\+?[0-9 ()-]{6,20}$/,
    'expected a phone number like "07 3000 1234" or "+61 7 3000 1234"',
  );

/** A feed source: a path relative to the project root, or an http(s) URL read at build time. */
export const FeedSourceSchema = z.string().min(1, 'expected a file path or an http(s) URL');
