import type { EventId } from './events';

/** Where events go; the layout writes the tenant's `analytics` settings onto <html>. */
export interface AnalyticsSink {
  send(event: { id: EventId; data: Record<string, unknown>; at: string }): void | Promise<void>;
}

let override: AnalyticsSink | undefined;

/** Tests and embedders can route events elsewhere. */
export function setAnalyticsSink(sink: AnalyticsSink | undefined): void {
  override = sink;
}

function configuredSink(): AnalyticsSink | undefined {
  if (typeof document === 'undefined') return undefined;
  const { analyticsSink, analyticsEndpoint } = document.documentElement.dataset;
  if (analyticsSink === 'console')
    return { send: (event) => console.info('[analytics]', event.id, event.data) };
  if (analyticsSink === 'beacon' && analyticsEndpoint) {
    return {
      send: (event) => {
        const body = JSON.stringify(event);
        if (!navigator.sendBeacon?.(analyticsEndpoint, body))
          void fetch(analyticsEndpoint, { method: 'POST', body, keepalive: true });
      },
    };
  }
  return undefined; // 'none': dropped
}

/**
 * Record an analytics event (SPEC 7 ids). Never throws: a failing sink is logged, and the
 * shopper's action goes on (SPEC 8 "Analytics failures logged").
 */
export function track(id: EventId, data: Record<string, unknown> = {}): void {
  const sink = override ?? configuredSink();
  if (!sink) return;
  const event = { id, data, at: new Date().toISOString() };
  try {
    const result = sink.send(event);
    if (result instanceof Promise)
      result.catch((error: unknown) => console.warn('Analytics event failed', id, error));
  } catch (error) {
    console.warn('Analytics event failed', id, error);
  }
}
