import type { Page } from '@playwright/test';

export interface TrackedEvent {
  id: number;
  data: Record<string, unknown>;
}

/**
 * Serve every page with the console analytics sink (src/analytics/track.ts) and collect the
 * events it logs (`[analytics] <id> <data>`). The built pages say data-analytics-sink="none", and
 * some events fire while the page loads (4), so the HTML is rewritten before the page sees it.
 */
export async function collectAnalytics(page: Page): Promise<TrackedEvent[]> {
  const events: TrackedEvent[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'info' || !message.text().startsWith('[analytics]')) return;
    void Promise.all(message.args().map((arg) => arg.jsonValue())).then(([, id, data]) =>
      events.push({ id: Number(id), data: data as Record<string, unknown> }),
    );
  });
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    await route.fulfill({
      response,
      body: html.replace(/data-analytics-sink="[^"]*"/, 'data-analytics-sink="console"'),
    });
  });
  return events;
}
