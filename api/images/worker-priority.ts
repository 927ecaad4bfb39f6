import { readdir, readFile } from 'node:fs/promises';
import { constants, setPriority } from 'node:os';

/** The threads image work runs on: libuv's pool (where sharp queues its work) and libvips' own. */
const WORKER_THREAD = /^(libuv-worker|libvips worker)$/;
const lowered = new Set<string>();

/**
 * Lowers the CPU priority of this process's worker threads (Linux, where priority is per thread),
 * so that request handling on the main thread comes before a transform when cores are short: a
 * burst of transforms then slows other transforms, not /api/health or a page's cached images.
 * Cheap to call often: only threads not seen before are changed. Elsewhere it does nothing.
 */
export async function lowerWorkerPriority(): Promise<void> {
  if (process.platform !== 'linux') return;
  const threads = await readdir('/proc/self/task').catch(() => [] as string[]);
  await Promise.all(
    threads
      .filter((tid) => !lowered.has(tid))
      .map(async (tid) => {
        lowered.add(tid);
        const name = await readFile(`/proc/self/task/${tid}/comm`, 'utf8').catch(() => '');
        if (!WORKER_THREAD.test(name.trim())) return;
        try {
          setPriority(Number(tid), constants.priority.PRIORITY_BELOW_NORMAL);
        } catch {
          // A thread that ended meanwhile, or a system that refuses: the priority stays as it was.
        }
      }),
  );
}
