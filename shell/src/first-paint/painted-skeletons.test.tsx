import { renderToStaticMarkup } from 'react-dom/server';
import { FrameMarkup } from './frame-markup';
import { readPaintedSkeletons, skeletonFits, skeletonMarkup } from './painted-skeletons';

/** A page as the edge serves it: the frame, and in each frame's slot a remote's fragment. */
function servedPage(pages: { dashboard?: string; auth?: string }): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToStaticMarkup(<FrameMarkup pages={pages} />);
  return root;
}

const fragment = (path: string, exact: boolean, body: string) =>
  `<div class="fp-skeleton" data-skeleton-path="${path}"${exact ? ' data-skeleton-exact=""' : ''}>${body}</div>`;

describe('the page skeletons the HTML painted', () => {
  it('are read from each frame with the path they are the shape of', () => {
    const page = servedPage({
      dashboard: fragment('/dashboard', true, '<div class="fp-card"></div>'),
      auth: fragment('/', true, '<div class="fp-card fp-auth-form"></div>'),
    });
    expect(readPaintedSkeletons(page, document.createElement('head'))).toEqual([
      expect.objectContaining({
        frame: 'dashboard',
        html: fragment('/dashboard', true, '<div class="fp-card"></div>'),
        path: '/dashboard',
        exact: true,
      }),
      expect.objectContaining({
        frame: 'auth',
        html: fragment('/', true, '<div class="fp-card fp-auth-form"></div>'),
        path: '/',
        exact: true,
      }),
    ]);
  });

  it('leave their style rules in the head, once, so that drawing them again adds no style sheet', () => {
    const style = '<style>.fp-points-dashboard{display:flex}</style>';
    const page = servedPage({ dashboard: fragment('/dashboard', true, `${style}<div class="fp-card"></div>`) });
    const head = document.createElement('head');
    const [painted] = readPaintedSkeletons(page, head);
    expect(painted!.html).toBe(fragment('/dashboard', true, '<div class="fp-card"></div>'));
    expect(head.innerHTML).toBe(style);
    expect(page.querySelectorAll('style')).toHaveLength(0);
  });

  it("draw the member's kept figures again for the session that painted them alone", () => {
    const kept =
      '<span class="fp-bone fp-kept" data-kept-query="[&quot;points&quot;,&quot;balance&quot;]" data-kept-field="pointBalance"></span>';
    sessionStorage.setItem('accessToken', 'token-of-the-painting-session');
    const page = servedPage({ dashboard: fragment('/dashboard', true, kept) });
    page.querySelector('.fp-kept')!.textContent = '12,345';
    const [painted] = readPaintedSkeletons(page, document.createElement('head'));
    expect(painted!.html).toBe(fragment('/dashboard', true, kept));
    expect(skeletonMarkup(painted!)).toContain('12,345');
    // Signed out, or another member signed in: the remote's markup, its figures empty.
    sessionStorage.removeItem('accessToken');
    expect(skeletonMarkup(painted!)).toBe(painted!.html);
    sessionStorage.setItem('accessToken', 'token-of-another-session');
    expect(skeletonMarkup(painted!)).toBe(painted!.html);
    sessionStorage.clear();
  });

  it('are none where the edge wrote none (the development server, a page of the shell)', () => {
    expect(readPaintedSkeletons(servedPage({}), document.createElement('head'))).toEqual([]);
  });

  it('fit their page alone when exact, and every page under it otherwise', () => {
    expect(skeletonFits({ path: '/dashboard', exact: true }, '/dashboard')).toBe(true);
    expect(skeletonFits({ path: '/dashboard', exact: true }, '/dashboard/')).toBe(true);
    expect(skeletonFits({ path: '/dashboard', exact: true }, '/dashboard/claim')).toBe(false);
    expect(skeletonFits({ path: '/dashboard', exact: false }, '/dashboard/claim')).toBe(true);
    expect(skeletonFits({ path: '/dashboard', exact: false }, '/dashboardx')).toBe(false);
    expect(skeletonFits({ path: '/', exact: true }, '/')).toBe(true);
    expect(skeletonFits({ path: '/', exact: true }, '/auth/login')).toBe(false);
  });
});
