import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteData } from '../../src/site/types';
import { syndicationFeeds } from '../../src/syndication/feeds';
import { indexNowKeyFile } from '../../src/syndication/indexnow';

export interface SyndicationResult {
  /** Cars for sale that a turned-on programme would refuse (no VIN, no price, ...), counted once per feed. */
  leftOut: number;
  /** Build log lines: one per feed written, one per left-out car (the caller caps them). */
  lines: string[];
}

/** Write the tenant's vehicle-listing feeds and its IndexNow key file into the built site. */
export async function writeSyndication(outDir: string, site: SiteData): Promise<SyndicationResult> {
  const feeds = syndicationFeeds(site.cars, site);
  const lines: string[] = [];
  let leftOut = 0;
  for (const feed of feeds) {
    await mkdir(path.dirname(path.join(outDir, feed.path)), { recursive: true });
    await writeFile(path.join(outDir, feed.path), feed.xml);
    leftOut += feed.leftOut.length;
    lines.push(`${feed.path}: ${feed.listed} cars`);
    for (const car of feed.leftOut)
      lines.push(`! ${feed.path}: car ${car.id} left out: ${car.problems.join(', ')}`);
  }
  const key = site.tenant.syndication.indexnow_key;
  if (key) {
    const file = indexNowKeyFile(key);
    await writeFile(path.join(outDir, file.path), file.body);
  }
  return { leftOut, lines };
}
