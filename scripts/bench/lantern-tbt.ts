/**
 * Which main-thread tasks make up Lighthouse's simulated Total Blocking Time; the report gives only
 * the sum. Lighthouse (Lantern) replays the trace's tasks of 10 ms or more on a simulated phone:
 * a task takes 4x its observed time, or 2x if it laid out the page, and what a task spends over
 * 50 ms between the simulated first contentful paint and time to interactive counts. TBT is the
 * mean of an optimistic and a pessimistic estimate, which place FCP and TTI differently, so a task
 * can count in one and not in the other.
 *
 * Lighthouse has no public API for this: these are its own computed artifacts (lighthouse 13).
 */
import type { Artifacts, Result } from 'lighthouse';

interface SimulatedTiming {
  startTime: number;
  endTime: number;
  duration: number;
}
interface GraphNode {
  type: string;
  /** observed, in microseconds */
  duration: number;
  childEvents: { name: string; dur?: number }[];
  didPerformLayout(): boolean;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, SimulatedTiming>;
}
interface LanternMetric {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}
interface ComputedMetric {
  request(data: unknown, context: unknown): Promise<LanternMetric>;
}

export interface BlockingTask {
  estimate: 'optimistic' | 'pessimistic';
  /** what the task adds to that estimate */
  blockingMs: number;
  observedMs: number;
  /** how many times its observed time the simulation gives it (less for a task that laid out) */
  multiplier: number;
  /** its biggest kinds of work, observed */
  work: string;
}

const BLOCKING_THRESHOLD_MS = 50;
/** Lantern's Simulator: a task that laid out is slowed by half the CPU multiplier. */
const LAYOUT_TASK_SHARE = 0.5;
const WORK =
  /^(Layout|UpdateLayoutTree|Paint|Commit|ParseHTML|ParseAuthorStyleSheet|EvaluateScript|v8\.evaluateModule|v8\.compile|FunctionCall|TimerFire|FireIdleCallback|FireAnimationFrame|EventDispatch|RunMicrotasks|GCEvent|MajorGC|MinorGC)$/;

function topWork(node: GraphNode): string {
  const byName = new Map<string, number>();
  for (const event of node.childEvents)
    if (event.dur && WORK.test(event.name))
      byName.set(event.name, (byName.get(event.name) ?? 0) + event.dur / 1000);
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, ms]) => `${name} ${Math.round(ms)} ms`)
    .join(', ');
}

async function metric(file: string, name: string): Promise<ComputedMetric> {
  const module = (await import(`lighthouse/core/computed/metrics/${file}.js`)) as Record<
    string,
    ComputedMetric
  >;
  return module[name]!;
}

export async function lanternBlockingTasks(
  lhr: Result,
  artifacts: Artifacts,
): Promise<{ tbtMs: number; tasks: BlockingTask[] }> {
  const settings = lhr.configSettings;
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  const context = { computedCache: new Map(), settings };
  const slowdown = settings.throttling.cpuSlowdownMultiplier;
  const tbt = await (
    await metric('lantern-total-blocking-time', 'LanternTotalBlockingTime')
  ).request(data, context);
  const fcp = await (
    await metric('lantern-first-contentful-paint', 'LanternFirstContentfulPaint')
  ).request(data, context);
  const tti = await (
    await metric('lantern-interactive', 'LanternInteractive')
  ).request(data, context);
  // As Lantern pairs them: the optimistic TBT takes the pessimistic (later) FCP and the optimistic (earlier) TTI.
  const windows = [
    [
      'optimistic',
      tbt.optimisticEstimate,
      fcp.pessimisticEstimate.timeInMs,
      tti.optimisticEstimate.timeInMs,
    ],
    [
      'pessimistic',
      tbt.pessimisticEstimate,
      fcp.optimisticEstimate.timeInMs,
      tti.pessimisticEstimate.timeInMs,
    ],
  ] as const;
  const tasks: BlockingTask[] = [];
  for (const [estimate, { nodeTimings }, from, to] of windows) {
    for (const [node, timing] of nodeTimings) {
      if (node.type !== 'cpu') continue;
      const counted = Math.min(timing.endTime, to) - Math.max(timing.startTime, from);
      if (counted <= BLOCKING_THRESHOLD_MS) continue;
      tasks.push({
        estimate,
        blockingMs: Math.round(counted - BLOCKING_THRESHOLD_MS),
        observedMs: Math.round(node.duration / 1000),
        multiplier: node.didPerformLayout() ? slowdown * LAYOUT_TASK_SHARE : slowdown,
        work: topWork(node),
      });
    }
  }
  return { tbtMs: Math.round(tbt.timing), tasks };
}

export function printBlockingTasks({
  tbtMs,
  tasks,
}: {
  tbtMs: number;
  tasks: BlockingTask[];
}): void {
  console.log(
    `    TBT ${tbtMs} ms in Lighthouse's simulation, the mean of two estimates; the tasks that add to it:`,
  );
  if (!tasks.length) console.log('      none');
  for (const task of tasks)
    console.log(
      `      ${task.estimate} +${task.blockingMs} ms: a ${task.observedMs} ms task, simulated x${task.multiplier}: ${task.work || 'unnamed work'}`,
    );
}
