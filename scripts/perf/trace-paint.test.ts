// @ts-expect-error -- an ES module of the scripts, without type declarations
import * as tracePaint from './trace-paint.mjs';

const { browserFirstContentfulPaintMs } = tracePaint as {
  browserFirstContentfulPaintMs(events: Array<{ name: string; ts: number; args?: object }>): number | null;
};

const PAGE = 'FRAME-PAGE';
const navigationStart = (ts: number, frame: string, url: string) => ({
  name: 'navigationStart',
  ts,
  args: { frame, data: { isLoadingMainFrame: true, documentLoaderURL: url } },
});
const firstContentfulPaint = (ts: number, frame: string) => ({ name: 'firstContentfulPaint', ts, args: { frame } });

describe('browserFirstContentfulPaintMs', () => {
  it('measures from the page’s navigation to its first contentful paint, in milliseconds', () => {
    const events = [
      navigationStart(5_000_000, PAGE, 'http://localhost:8080/dashboard'),
      firstContentfulPaint(6_250_400, PAGE),
    ];
    expect(browserFirstContentfulPaintMs(events)).toBe(1250);
  });

  it('skips the blank page the run starts from and the paints of frames inside the page', () => {
    const events = [
      navigationStart(1_000_000, 'FRAME-BLANK', 'about:blank'),
      navigationStart(2_000_000, PAGE, 'http://localhost:8080/auth/login'),
      firstContentfulPaint(2_100_000, 'FRAME-IFRAME'),
      firstContentfulPaint(4_260_000, PAGE),
    ];
    expect(browserFirstContentfulPaintMs(events)).toBe(2260);
  });

  it('is null when the page never painted', () => {
    expect(browserFirstContentfulPaintMs([navigationStart(1_000_000, PAGE, 'http://localhost:8080/')])).toBeNull();
    expect(browserFirstContentfulPaintMs([])).toBeNull();
  });
});
