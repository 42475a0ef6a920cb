import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { HomeSkeleton } from './fixtures/remote/first-paint/home-skeleton';
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
    // A remote of the tests' own (fixtures/remote): a remote's skeletons are its own business.
    const { exports, inputs } = await loadBuildTimeModule(require.resolve('./fixtures/remote/first-paint.tsx'));
    const pages = plugin.renderPageSkeletons(exports.pageSkeletons);
    expect(pages.map(({ path, exact, file }) => ({ path, exact, file }))).toEqual([
      { path: '/dashboard/fixture', exact: true, file: 'first-paint/dashboard-fixture.html' },
      { path: '/dashboard/fixture/deeper/page', exact: true, file: 'first-paint/dashboard-fixture-deeper-page.html' },
      { path: '/dashboard/fixture', exact: false, file: 'first-paint/dashboard-fixture.all.html' },
    ]);
    expect(pages[0]!.html).toBe(
      `<div class="fp-skeleton" data-skeleton-path="/dashboard/fixture" data-skeleton-exact="">${renderToStaticMarkup(
        createElement(HomeSkeleton),
      )}</div>`,
    );
    expect(pages[2]!.html).not.toContain('data-skeleton-exact');
    // A watching build follows the files it was made from.
    expect(inputs.some((input) => input.endsWith('home-skeleton.tsx'))).toBe(true);
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
