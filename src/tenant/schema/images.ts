import { z } from 'zod';

import { DEFAULT_SRCSET_WIDTHS, IMAGE_WIDTH_LADDER } from '../../domain/images/ladder';

export { IMAGE_WIDTH_LADDER };

export const IMAGE_FORMATS = ['auto', 'avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The placeholders a URL template may use. */
export const TEMPLATE_PLACEHOLDERS = ['url', 'width', 'quality', 'format'] as const;

const HttpsOrigin = z
  .url({ protocol: /^https$/, error: 'expected an https origin, like "https://dealer.imgix.net"' })
  .refine(
    (url) => URL.canParse(url) && new URL(url).origin === url.replace(/\/$/, ''),
    'expected an origin only (scheme and host), without a path',
  )
  .transform((url) => new URL(url).origin);

/** Problems with a URL template, each saying how to fix it; empty when it is usable. */
export function templateProblems(template: string): string[] {
  const problems: string[] = [];
  if (!/^https:\/\/[^/{}\s]+\//.test(template))
    problems.push(
      'the template must start with "https://" and a fixed host name, like "https://img.example.com/{url}?w={width}"',
    );
  for (const [, name] of template.matchAll(/\{([^{}]*)\}/g))
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name!))
      problems.push(
        `unknown placeholder "{${name}}"; use only ${TEMPLATE_PLACEHOLDERS.map((known) => `{${known}}`).join(', ')}`,
      );
  for (const needed of ['url', 'width'])
    if (!template.includes(`{${needed}}`))
      problems.push(
        `the template has no {${needed}}; add it where the provider expects the ${needed === 'url' ? 'original image URL' : 'width in pixels'}`,
      );
  if (/\s/.test(template)) problems.push('the template must not contain spaces');
  return problems;
}

const Common = {
  quality: z
    .number()
    .int()
    .min(30)
    .max(95)
    .default(75)
    .describe('JPEG/WebP/AVIF quality, 30 to 95.'),
  format: z
    .enum(IMAGE_FORMATS)
    .default('auto')
    .describe(
      'Output format; "auto" lets the CDN pick AVIF or WebP for browsers that accept them, else JPEG.',
    ),
  widths: z
    .array(z.number().int().min(16).max(4096))
    .min(1)
    .default([...DEFAULT_SRCSET_WIDTHS])
    .describe("The widths (pixels) offered in each photo's srcset."),
};

const Embedded = z
  .object({
    provider: z
      .literal('embedded')
      .describe("Resize with the site's own API: /api/image?url=...&w=...&q=... (the default)."),
    ...Common,
    widths: Common.widths.refine(
      (widths) =>
        widths.every((width) => (IMAGE_WIDTH_LADDER as readonly number[]).includes(width)),
      {
        error: `the embedded resizer only renders these widths: ${IMAGE_WIDTH_LADDER.join(', ')}`,
      },
    ),
  })
  .strict();

const Imgix = z
  .object({
    provider: z.literal('imgix'),
    domain: HttpsOrigin.describe('The imgix source domain, like "https://dealer.imgix.net".'),
    source_origin: HttpsOrigin.optional().describe(
      "The origin the imgix Web Folder source points at (default: the site's own url); only photos under it are resized.",
    ),
    ...Common,
  })
  .strict();

const Cloudinary = z
  .object({
    provider: z.literal('cloudinary'),
    cloud_name: z
      .string()
      .regex(
        /^[a-z0-9_-]+$/i,
        'expected the Cloudinary cloud name only (letters, digits, "-" and "_"), like "dealer-cloud"',
      )
      .describe(
        'The Cloudinary cloud name; photos are delivered with the fetch type (allow the feed hosts under Security > Fetched URL).',
      ),
    ...Common,
  })
  .strict();

const Cloudflare = z
  .object({
    provider: z.literal('cloudflare'),
    zone: HttpsOrigin.optional().describe(
      'The Cloudflare zone that resizes (default: the site itself, so URLs start with /cdn-cgi/image/).',
    ),
    ...Common,
  })
  .strict();

const Template = z
  .object({
    provider: z.literal('template'),
    template: z
      .string()
      .superRefine((template, ctx) => {
        for (const problem of templateProblems(template))
          ctx.addIssue({ code: 'custom', message: problem });
      })
      .describe(
        'Any resizing CDN: a URL with {url} (the original, encoded), {width}, and optionally {quality} and {format}.',
      ),
    ...Common,
  })
  .strict();

/**
 * How car photos are resized: a named image CDN with its URL grammar, a URL template for any
 * other CDN, or the site's own /api/image route (the default).
 */
export const ImagesSchema = z
  .discriminatedUnion('provider', [Embedded, Imgix, Cloudinary, Cloudflare, Template], {
    error:
      'expected provider to be one of "embedded", "imgix", "cloudinary", "cloudflare", "template"',
  })
  .default({
    provider: 'embedded',
    quality: 75,
    format: 'auto',
    widths: [...DEFAULT_SRCSET_WIDTHS],
  });

export type Images = z.output<typeof ImagesSchema>;
