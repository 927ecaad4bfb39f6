import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * CDN cache and security headers (the _headers format Netlify and Cloudflare Pages read).
 * Hashed build assets are immutable; pages revalidate so stock changes show at once.
 */
export async function writeHeadersFile(outDir: string): Promise<void> {
  const text = `/*
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin
  Permissions-Policy: camera=(), microphone=(), geolocation=(self)
  X-Frame-Options: SAMEORIGIN

/_astro/*
  Cache-Control: public, max-age=31536000, immutable

/media/*
  Cache-Control: public, max-age=86400

/*.html
  Cache-Control: public, max-age=0, must-revalidate
`;
  await writeFile(path.join(outDir, '_headers'), text);
}
