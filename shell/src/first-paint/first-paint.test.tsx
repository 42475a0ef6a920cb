import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { FirstPaintMarkup } from './first-paint-frame';
import { PageSkeleton, skeletonPageFor } from './page-skeleton';

/** The `#root` of shell/public/index.html: the first paint as the HTML holds it. */
function htmlFirstPaint(): Element {
  const html = readFileSync(path.join(__dirname, '..', '..', 'public', 'index.html'), 'utf8');
  const page = new DOMParser().parseFromString(html, 'text/html');
  return page.querySelector('#root > .first-paint')!;
}

/** An element as markup, without the whitespace and comments between its tags. */
function normalised(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT);
  const drop: Node[] = [];
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.nodeType === Node.COMMENT_NODE || !node.textContent?.trim()) drop.push(node);
  }
  drop.forEach((node) => node.parentNode?.removeChild(node));
  return copy.outerHTML.replace(/\s+/g, ' ');
}

const fromReact = (markup: string): Element => {
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  return holder.firstElementChild!;
};

describe('the first paint', () => {
  it('is the same markup in the HTML and in React, so the skeleton React draws is the one painted first', () => {
    expect(normalised(fromReact(renderToStaticMarkup(<FirstPaintMarkup />)))).toBe(normalised(htmlFirstPaint()));
  });

  it.each(['dashboard', 'page', 'sign-in', 'auth'] as const)('draws the %s skeleton as the HTML does', (page) => {
    const painted = htmlFirstPaint().querySelector(`.fp-page[data-page="${page}"]`)!;
    const drawn = fromReact(renderToStaticMarkup(<PageSkeleton page={page} />));
    expect(drawn.classList.contains('fp-shown')).toBe(true);
    drawn.classList.remove('fp-shown');
    drawn.removeAttribute('aria-hidden');
    expect(normalised(drawn)).toBe(normalised(painted));
  });

  it('picks the page the guards will show', () => {
    expect(skeletonPageFor('/dashboard', true)).toBe('dashboard');
    expect(skeletonPageFor('/auth/login', true)).toBe('dashboard');
    expect(skeletonPageFor('/dashboard/transactions', true)).toBe('page');
    expect(skeletonPageFor('/no/such/page', true)).toBe('page');
    expect(skeletonPageFor('/', false)).toBe('sign-in');
    expect(skeletonPageFor('/dashboard/claim', false)).toBe('sign-in');
    expect(skeletonPageFor('/auth/register', false)).toBe('auth');
  });
});
