import { BatchSender, FLUSH_DELAY_MS, MAX_BATCH_EVENTS } from './batch-sender';
import type { ReportEvent } from '@loyalty/shared/telemetry';

const page: ReportEvent = {
  type: 'page',
  remote: 'mf_points',
  version: '1.0.0',
  channel: 'stable',
  navigation: 'load',
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('events wait for their batch, then leave together in one request naming the environment', () => {
  const sent: Array<{ url: string; body: unknown }> = [];
  const sender = new BatchSender('/telemetry/v1/reports', 'production', (url, body) =>
    sent.push({ url, body: JSON.parse(body) }),
  );
  sender.usePass('the.pass');
  sender.add([page]);
  sender.add([page, page]);
  expect(sent).toEqual([]);
  jest.advanceTimersByTime(FLUSH_DELAY_MS);
  expect(sent).toEqual([
    {
      url: '/telemetry/v1/reports',
      body: { format: 2, environment: 'production', pass: 'the.pass', events: [page, page, page] },
    },
  ]);
});

test('a full batch leaves at once; flushing sends the rest in batches the receiver accepts', () => {
  const sizes: number[] = [];
  const sender = new BatchSender('/r', 'e2e', (_url, body) =>
    sizes.push((JSON.parse(body) as { events: [] }).events.length),
  );
  sender.usePass('the.pass');
  sender.add(Array.from({ length: MAX_BATCH_EVENTS }, () => page));
  expect(sizes).toEqual([MAX_BATCH_EVENTS]);
  sender.add(Array.from({ length: MAX_BATCH_EVENTS + 5 }, () => page));
  sender.flush();
  expect(sizes).toEqual([MAX_BATCH_EVENTS, MAX_BATCH_EVENTS, 5]);
  sender.flush();
  expect(sizes).toHaveLength(3);
});

test('events wait for the pass: nothing leaves without it, then they go together', () => {
  const sent: unknown[] = [];
  const sender = new BatchSender('/r', 'e2e', (_url, body) => sent.push(JSON.parse(body)));
  sender.add([page, page]);
  sender.flush();
  jest.advanceTimersByTime(FLUSH_DELAY_MS);
  expect(sent).toEqual([]);
  sender.usePass('the.pass');
  jest.advanceTimersByTime(FLUSH_DELAY_MS);
  expect(sent).toEqual([{ format: 2, environment: 'e2e', pass: 'the.pass', events: [page, page] }]);
});

test('a page leaving before its pass came back sends its events with a request for one', () => {
  const sent: Array<{ url: string; body: unknown }> = [];
  const releases = [{ remote: 'mf_points', version: '1.0.0', channel: 'stable' as const }];
  const sender = new BatchSender('/r', 'e2e', (url, body) => sent.push({ url, body: JSON.parse(body) }), {
    url: '/pass',
    releases,
  });
  sender.add([page]);
  sender.flush();
  expect(sent).toEqual([]);
  sender.flush({ leaving: true });
  expect(sent).toEqual([{ url: '/pass', body: { format: 2, environment: 'e2e', releases, events: [page] } }]);
});
