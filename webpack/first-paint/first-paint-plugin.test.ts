import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { DashboardSkeleton } from '../../mf-points/src/first-paint/dashboard-skeleton';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS module
const plugin = require('./first-paint-plugin.cjs') as {
  renderPageSkeletons(skeletons: unknown): Array<{ path: string; exact: boolean; file: string; html: string }>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS module
const { loadBuildTimeModule } = require('./build-time-module.cjs') as {
  loadBuildTimeModule(file: string): Promise<{ exports: Record<string, unknown>; inputs: string[] }>;
};

const Shape = () => createElement('div', { className: 'fp-card' });

describe("a remote's page skeletons, as its build renders them", () => {
  it("are the markup React renders of the remote's own component, with the path it is the shape of", async () => {
    const { exports, inputs } = await loadBuildTimeModule(require.resolve('../../mf-points/src/first-paint.tsx'));
    const pages = plugin.renderPageSkeletons(exports.pageSkeletons);
    expect(pages.map(({ path, exact, file }) => ({ path, exact, file }))).toEqual([
      { path: '/dashboard', exact: true, file: 'first-paint/dashboard.html' },
      { path: '/dashboard/card', exact: true, file: 'first-paint/dashboard-card.html' },
      { path: '/dashboard', exact: false, file: 'first-paint/dashboard.all.html' },
    ]);
    expect(pages[0]!.html).toBe(
      `<div class="fp-skeleton" data-skeleton-path="/dashboard" data-skeleton-exact="">${renderToStaticMarkup(
        createElement(DashboardSkeleton),
      )}</div>`,
    );
    // A watching build follows the files it was made from.
    expect(inputs.some((input) => input.endsWith('dashboard-skeleton.tsx'))).toBe(true);
  });

  it('are refused when one could run something, or names no path of the portal, or twice the same', () => {
    const render = (skeletons: unknown) => () => plugin.renderPageSkeletons(skeletons);
    const Script = () => createElement('script', null, 'alert(1)');
    const Handler = () =>
      createElement('div', { dangerouslySetInnerHTML: { __html: '<img src="x" onerror="alert(1)">' } });
    expect(render([{ path: '/dashboard', Skeleton: Script }])).toThrow(/more than markup/);
    expect(render([{ path: '/dashboard', Skeleton: Handler }])).toThrow(/more than markup/);
    expect(render([{ path: 'dashboard', Skeleton: Shape }])).toThrow(/path of the portal/);
    expect(render([{ path: '/a b', Skeleton: Shape }])).toThrow(/path of the portal/);
    expect(
      render([
        { path: '/dashboard', exact: true, Skeleton: Shape },
        { path: '/dashboard', exact: true, Skeleton: Shape },
      ]),
    ).toThrow(/two page skeletons/);
    expect(render([])).toThrow(/no `pageSkeletons`/);
  });
});
