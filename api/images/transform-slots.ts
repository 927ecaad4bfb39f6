/**
 * A cap on image work in this process: at most `slots` transforms run at once and at most
 * `queue` more are admitted to wait; anything beyond is turned away at once (the caller answers
 * 503), so a burst of first requests can neither take every core nor pile up originals in memory.
 * Admission covers reading the original too; only the transform itself holds a slot.
 */
export class TransformSlots {
  private admitted = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Recent transform time, for Retry-After. */
  private averageMs = 200;

  constructor(
    readonly slots: number,
    readonly queue: number,
  ) {}

  /** A place for one cache miss, or undefined when the queue is full; release it when done. */
  admit(): { run<T>(work: () => Promise<T>): Promise<T>; release(): void } | undefined {
    if (this.admitted >= this.slots + this.queue) return undefined;
    this.admitted += 1;
    let released = false;
    return {
      run: (work) => this.run(work),
      release: () => {
        if (!released) this.admitted -= 1;
        released = true;
      },
    };
  }

  /** Seconds until a place is likely free: the admitted work ahead, shared by the slots. */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.admitted / this.slots) * (this.averageMs / 1000)));
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
      // The slot passes straight to the next in line, so `running` never drops below what runs.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

const pools = new Map<string, TransformSlots>();

/** The process's one pool for these sizes (a second only when a test changes the sizes). */
export function transformSlots(slots: number, queue: number): TransformSlots {
  const key = `${slots}/${queue}`;
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = new TransformSlots(slots, queue)));
  return pool;
}
