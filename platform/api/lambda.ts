/**
 * The API on AWS Lambda: `handler` for API Gateway (HTTP API, payload 2.0, or REST) and Lambda
 * function URLs, and `scheduled` for an EventBridge rule (every minute) that runs the lead
 * outbox. Why Lambda, and how to deploy it: docs/deploy.md#serverless-aws-lambda.
 *
 * Each instance opens one PostgreSQL pool on its first event and keeps it while it is warm; the
 * configuration is checked then too, with the rules of `npm run api`: a production function with
 * an unsafe setting fails every invocation, naming the problems, instead of serving.
 */
import type { Context } from 'hono';
import { handle } from 'hono/aws-lambda';
import { apiEnv } from '../../api/env';
import { runOutboxOnce } from '../../api/outbox/worker';
import { openStore, type Store } from '../../api/storage/store';
import type { SiteData } from '../../src/site/types';
import { loadTenants } from '../../src/tenant/load';
import { ROOT, snapshotFile } from '../paths';
import { createLogger } from '../logger';
import { configProblems, createPlatformApp } from './app';
import { siteSnapshots } from './site-snapshots';

interface Instance {
  fetch: ReturnType<typeof handle>;
  store: Store;
  siteFor(slug: string): SiteData | undefined;
}

/** The client address API Gateway saw (v2 and function URLs, or v1); never a header the client wrote. */
function sourceIp(c: Context): string | undefined {
  const event = (
    c.env as {
      event?: {
        requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string } };
      };
    }
  ).event;
  return event?.requestContext?.http?.sourceIp ?? event?.requestContext?.identity?.sourceIp;
}

async function start(env: NodeJS.ProcessEnv): Promise<Instance> {
  const tenants = await loadTenants(undefined, ROOT);
  const problems = configProblems(tenants, env);
  if (problems.length)
    throw new Error(
      `The API is not configured safely:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  const log = createLogger('api-lambda', env);
  const store = await openStore(env);
  const siteFor = siteSnapshots(snapshotFile, (slug, problem) =>
    log.warn({ tenant: slug }, problem),
  );
  const { app, siteOf } = createPlatformApp({
    tenants,
    siteFor,
    store,
    log,
    env,
    clientIp: sourceIp,
  });
  return { fetch: handle(app), store, siteFor: siteOf };
}

let instance: Promise<Instance> | undefined;
/** The warm instance, started on the first event; a failed start is tried again on the next one. */
function current(): Promise<Instance> {
  instance ??= start(process.env).catch((error: unknown) => {
    instance = undefined;
    throw error;
  });
  return instance;
}

export const handler = async (...args: Parameters<ReturnType<typeof handle>>) =>
  (await current()).fetch(...args);

/** An EventBridge "Scheduled Event": one outbox pass (deliveries, retries, the hourly outage alert). */
export const scheduled = async (_event?: {
  'detail-type'?: string;
}): Promise<{ delivered: number; failed: number }> => {
  const { store, siteFor } = await current();
  const settings = apiEnv();
  return runOutboxOnce({
    store,
    siteFor,
    leaseMs: settings.OUTBOX_LEASE_MS,
    batch: settings.OUTBOX_BATCH,
    alertAfterMs: settings.OUTBOX_ALERT_AFTER_MS,
  });
};
