// @ts-expect-error -- an ES module of the scripts, without type declarations
import * as returnVisit from './return-visit.mjs';

interface Visit {
  noPage?: boolean;
  firstPaintMs?: number;
  balanceMs?: number;
  frames?: unknown[];
}
const { summarizeVisits } = returnVisit as {
  summarizeVisits(
    visits: Visit[],
    last: string,
  ): {
    summary: { visits: number; noPage: number; firstPaintMs: number | null; balanceMs: number | null; each: unknown[] };
    medianVisit: Visit | null;
  };
};

const shown = (firstPaintMs: number, balanceMs: number): Visit => ({ firstPaintMs, balanceMs, frames: [] });

test('the medians are of the visits that showed a page, and the median visit is the one by the last milestone', () => {
  const visits = [shown(400, 1800), shown(350, 900), { noPage: true }, shown(300, 1200)];
  const { summary, medianVisit } = summarizeVisits(visits, 'balanceMs');
  expect(summary).toEqual({
    visits: 4,
    noPage: 1,
    firstPaintMs: 350,
    balanceMs: 1200,
    each: [1800, 900, null, 1200],
  });
  expect(medianVisit).toBe(visits[3]);
});

test('with an even count the median is between the middle two, and the filmstrip is of the faster', () => {
  const visits = [shown(300, 1000), shown(500, 2000)];
  const { summary, medianVisit } = summarizeVisits(visits, 'balanceMs');
  expect(summary.balanceMs).toBe(1500);
  expect(summary.firstPaintMs).toBe(400);
  expect(medianVisit).toBe(visits[0]);
});

test('visits that never showed a page have no figures, only their count', () => {
  const { summary, medianVisit } = summarizeVisits([{ noPage: true }, { noPage: true }], 'balanceMs');
  expect(summary).toEqual({ visits: 2, noPage: 2, firstPaintMs: null, balanceMs: null, each: [null, null] });
  expect(medianVisit).toBeNull();
});
