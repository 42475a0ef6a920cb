// @ts-expect-error -- an ES module of the scripts, without type declarations
import * as lighthouseBlocking from './lighthouse-blocking.mjs';

interface Task {
  start: number;
  end: number;
}
interface Estimate {
  tasks: Map<string, Task>;
  windowStart: number;
  windowEnd: number;
}
const { blockingInWindow, blockingShares, describeTask } = lighthouseBlocking as {
  blockingInWindow(task: Task, windowStart: number, windowEnd: number): number;
  blockingShares(estimates: { optimistic: Estimate; pessimistic: Estimate }): Array<{ id: string; countedMs: number }>;
  describeTask(events: Array<{ name: string; args?: object }>): string;
};

describe('blockingInWindow', () => {
  it('counts what a task lasts over 50 ms', () => {
    expect(blockingInWindow({ start: 1000, end: 1240 }, 500, 4000)).toBe(190);
    expect(blockingInWindow({ start: 1000, end: 1050 }, 500, 4000)).toBe(0);
  });

  it('counts only the part inside the window, from FCP to interactive', () => {
    expect(blockingInWindow({ start: 900, end: 1100 }, 1000, 4000)).toBe(50);
    expect(blockingInWindow({ start: 3900, end: 4200 }, 1000, 4000)).toBe(50);
    expect(blockingInWindow({ start: 200, end: 900 }, 1000, 4000)).toBe(0);
    expect(blockingInWindow({ start: 4100, end: 4400 }, 1000, 4000)).toBe(0);
  });
});

describe('blockingShares', () => {
  /** One estimate: each task's simulated [start, end], and the [FCP, interactive] window, in ms. */
  const estimate = (tasks: Record<string, [number, number]>, [windowStart, windowEnd]: [number, number]): Estimate => ({
    tasks: new Map(Object.entries(tasks).map(([id, [start, end]]) => [id, { start, end }])),
    windowStart,
    windowEnd,
  });

  it("gives each task half of its time in each estimate, so the shares add up to Lighthouse's mean", () => {
    const optimistic = estimate({ main: [2000, 2200], commit: [2900, 3100], slice: [3100, 3120] }, [1000, 3000]);
    const pessimistic = estimate({ main: [2100, 2340], commit: [3200, 3440], slice: [3440, 3460] }, [1000, 3600]);
    const shares = blockingShares({ optimistic, pessimistic });
    // main: (150 + 190) / 2; commit: (50, clipped at interactive, + 190) / 2; the slice never counts.
    expect(shares).toEqual([
      { id: 'main', countedMs: 170 },
      { id: 'commit', countedMs: 120 },
    ]);
  });
});

describe('describeTask', () => {
  it('names the scripts a task ran and its rendering steps, once each, and nothing else', () => {
    const events = [
      { name: 'EvaluateScript', args: { data: { url: 'http://localhost:8080/main.js?abc' } } },
      { name: 'v8.compile', args: { data: { url: 'http://localhost:8080/main.js?abc' } } },
      { name: 'RunMicrotasks' },
      { name: 'RunMicrotasks' },
      { name: 'ScriptCompiled', args: { data: { url: 'http://localhost:8080/dashboard' } } },
      { name: 'FunctionCall', args: { data: { url: 'http://localhost:8082/remoteEntry.js' } } },
      { name: 'Layout' },
    ];
    expect(describeTask(events)).toBe('EvaluateScript main.js, RunMicrotasks, FunctionCall remoteEntry.js, Layout');
  });
});
