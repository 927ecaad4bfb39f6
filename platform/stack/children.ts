import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * The processes `npm run stack` starts: each line they print is prefixed with its name, one that
 * exits early is reported, and `stopAll` ends them in reverse order of starting.
 */
export class Children {
  private readonly running: { name: string; child: ChildProcess }[] = [];
  stopping = false;

  constructor(
    private readonly print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  ) {}

  start(name: string, command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const relay = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) this.print(`[${name}] ${line}`);
    };
    child.stdout?.on('data', relay);
    child.stderr?.on('data', relay);
    child.once('exit', (code, signal) => {
      if (!this.stopping) this.print(`[${name}] exited (${signal ?? code})`);
    });
    this.running.push({ name, child });
    return child;
  }

  /** SIGTERM to each, newest first, waiting up to `graceMs` for each before SIGKILL. */
  async stopAll(graceMs = 25_000): Promise<void> {
    this.stopping = true;
    for (const { child } of [...this.running].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
  }
}

/** Resolves once `check` is true, polling every 100 ms; rejects after `timeoutMs` naming `what`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline)
      throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
