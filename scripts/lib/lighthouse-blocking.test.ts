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
  it("gives each task half of its time in each estimate, so the shares add up to Lighthouse's mean", () => {
    const optimistic = {
      tasks: new Map([
        ['main', { start: 2000, end: 2200 }],
        ['commit', { start: 2900, end: 3100 }],
        ['slice', { start: 3100, end: 3120 }],
      ]),
      windowStart: 1000,
      windowEnd: 3000,
    };
    const pessimistic = {
      tasks: new Map([
        ['main', { start: 2100, end: 2340 }],
        ['commit', { start: 3200, end: 3440 }],
        ['slice', { start: 3440, end: 3460 }],
      ]),
      windowStart: 1000,
      windowEnd: 3600,
    };
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
