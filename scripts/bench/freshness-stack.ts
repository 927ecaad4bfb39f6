import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { loadTenant, tenantsDir } from '../../src/tenant/load';
import { startLocalPostgres } from '../../platform/stack/postgres';
import { stackPorts } from '../../platform/stack/ports';
import { startStack } from '../../platform/stack/start';
import { CHROMIUM_FLAGS } from '../measure/chromium-flags';
import { readPortSettings } from '../../platform/serve/tenant-ports';

/** The search page as a shopper who opened it before the change keeps seeing it (Chromium, left open). */
export interface StackSearch {
  /** The ids of the page's first cards for sale. */
  firstCards(): Promise<string[]>;
  /** Whether the card of `id` shows it sold ('sold'), or shows this price text. */
  cardShows(id: string, shown: 'sold' | string): Promise<boolean>;
}

const SEARCH_PATH = '/search/new-used-and-demo-cars';

/**
 * bench:freshness -- --stack: the production stack (platform/stack/start.ts) for one built tenant,
 * with a PostgreSQL cluster of its own under `work`, and a Chromium page open on its search page.
 * Each line the sync worker logs is added to `syncLines` as "<slug>: <message>" (as `sync --watch`
 * prints them). Resolves with the tenant's CDN address; `cleanups` gets what stops it all.
 */
export async function startBenchStack({
  slug,
  root,
  work,
  interval,
  syncLines,
  cleanups,
}: {
  slug: string;
  root: string;
  work: string;
  interval: number;
  syncLines: string[];
  cleanups: (() => Promise<void> | void)[];
}): Promise<{ url: string; search: StackSearch }> {
  const database = startLocalPostgres(work);
  cleanups.push(() => database.stop());
  const tenant = await loadTenant(slug, root);
  const ports = stackPorts(
    readPortSettings([slug], tenantsDir(root), root),
    Number(process.env.STACK_BASE_PORT ?? 5700),
  );
  const print = (line: string) => {
    if (!line.startsWith('[sync] ')) return;
    try {
      const entry = JSON.parse(line.slice('[sync] '.length)) as { tenant?: string; msg?: string };
      if (!entry.tenant || !entry.msg) return;
      syncLines.push(`${entry.tenant}: ${entry.msg}`);
      if (!entry.msg.includes('unchanged')) console.log(`    [sync] ${entry.msg}`);
    } catch {
      syncLines.push(line);
    }
  };
  const stack = await startStack({
    tenants: [tenant],
    root,
    work: path.join(work, 'stack'),
    databaseUrl: database.url,
    ports,
    // info: the sync worker's lines are the bench's log (the API's requests are not printed).
    env: { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    syncArgs: [`--interval=${interval}`],
    print,
  });
  cleanups.push(() => stack.stop());
  const url = stack.url(slug);

  const executablePath =
    process.env.CHROMIUM_PATH ??
    ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file));
  const browser: Browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  cleanups.push(() => browser.close());
  const page: Page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(`${url}${SEARCH_PATH}`);
  return {
    url,
    search: {
      firstCards: () =>
        page
          .locator('.results-grid__car')
          .evaluateAll((items) =>
            items
              .filter((item) => !item.querySelector('[data-sold]'))
              .map((item) => (item as HTMLElement).dataset.id!),
          ),
      cardShows: (id, shown) =>
        page.evaluate(
          ({ id, shown }) => {
            const item = document.querySelector<HTMLElement>(`.results-grid__car[data-id="${id}"]`);
            if (!item) return false;
            const price = item.querySelector('.card__price .price')?.textContent;
            if (shown === 'sold')
              return (
                item.dataset.live === 'sold' ||
                (item.querySelector('[data-sold]') !== null && price !== undefined)
              );
            return price === shown;
          },
          { id, shown },
        ),
    },
  };
}
