import type { Logger } from 'pino';
import type { LoadedTenant } from '../src/tenant/load';

/** The tenants a process serves; a tenant file error ends it at once, with the editor's message. */
export async function tenantsOrExit(
  command: string,
  load: () => Promise<LoadedTenant[]>,
): Promise<LoadedTenant[]> {
  try {
    return await load();
  } catch (error) {
    console.error(`npm run ${command}: not started: ${(error as Error).message}`);
    process.exit(1);
  }
}

/** How long SIGTERM may take before the process gives up waiting (SHUTDOWN_DEADLINE_MS, default 20 s). */
export function shutdownDeadlineMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SHUTDOWN_DEADLINE_MS ?? 20_000);
  return Number.isFinite(value) && value > 0 ? value : 20_000;
}

/**
 * SIGTERM (a deploy, a scale-in) or SIGINT: run `shutdown`, then exit 0 when everything finished
 * in time, 1 when the deadline cut it short. A second signal exits at once.
 */
export function shutdownOn(
  log: Logger,
  shutdown: (deadlineMs: number) => Promise<'clean' | 'deadline'>,
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    const deadlineMs = shutdownDeadlineMs();
    log.info({ signal, deadlineMs }, 'shutting down');
    void shutdown(deadlineMs).then((outcome) => {
      log.info({ outcome }, 'stopped');
      process.exit(outcome === 'clean' ? 0 : 1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
