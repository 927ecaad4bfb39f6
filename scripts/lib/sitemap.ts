import { closeSync, openSync, readSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalUrl } from '../../src/site/seo';
import { htmlFileToPath, listHtmlFiles } from './html-files';

const NOINDEX = /<meta name="robots" content="[^"]*noindex/;

const head = Buffer.alloc(4096);

/**
 * The first 4 KB of a page: its <head> meta tags, without reading 10,000 whole pages. Blocking
 * reads, one after another: 0.3 s for 10,000 pages here, against 1.2 s for promise-based reads 32
 * at a time (2.5 s one at a time).
 */
function readHead(file: string): string {
  const fd = openSync(file, 'r');
  try {
    return head.toString('utf8', 0, readSync(fd, head, 0, head.length, 0));
  } finally {
    closeSync(fd);
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Write sitemap.xml from the pages the build actually wrote, so every page type any part of the
 * product adds is listed without being registered anywhere. Pages marked noindex are left out.
 */
export async function writeSitemap(outDir: string, siteUrl: string, lastmod: string, htmlFiles = listHtmlFiles(outDir)): Promise<number> {
  const files = htmlFiles.filter((file) => file !== '404.html');
  const urls = files.filter((file) => !NOINDEX.test(readHead(path.join(outDir, file)))).map((file) => canonicalUrl(siteUrl, htmlFileToPath(file)));
  const day = lastmod.slice(0, 10);
  const body = urls.map((url) => `<url><loc>${escapeXml(url)}</loc><lastmod>${day}</lastmod></url>`).join('\n');
  await writeFile(
    path.join(outDir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
  );
  return urls.length;
}
