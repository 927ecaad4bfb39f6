import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalUrl } from '../../src/site/seo';
import { htmlFileToPath, listHtmlFiles } from './html-files';

const NOINDEX = /<meta name="robots" content="[^"]*noindex/;

/** The first 4 KB of a page: its <head> meta tags, without reading 10,000 whole pages. */
async function readHead(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.toString('utf8', 0, bytesRead);
  } finally {
    await handle.close();
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Write sitemap.xml from the pages the build actually wrote, so every page type any part of the
 * product adds is listed without being registered anywhere. Pages marked noindex are left out.
 */
export async function writeSitemap(outDir: string, siteUrl: string, lastmod: string): Promise<number> {
  const files = (await listHtmlFiles(outDir)).filter((file) => file !== '404.html');
  // Heads are read 32 at a time: one after another, 10,000 pages took 2.5 s.
  const indexed = new Array<boolean>(files.length);
  let next = 0;
  const reader = async () => {
    for (let index = next++; index < files.length; index = next++) indexed[index] = !NOINDEX.test(await readHead(path.join(outDir, files[index]!)));
  };
  await Promise.all(Array.from({ length: 32 }, reader));
  const urls = files.filter((_, index) => indexed[index]).map((file) => canonicalUrl(siteUrl, htmlFileToPath(file)));
  const day = lastmod.slice(0, 10);
  const body = urls.map((url) => `<url><loc>${escapeXml(url)}</loc><lastmod>${day}</lastmod></url>`).join('\n');
  await writeFile(
    path.join(outDir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
  );
  return urls.length;
}
