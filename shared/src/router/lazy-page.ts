import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A page (or layout) loaded when first visited (`React.lazy`), whose download starts as soon as
 * this module is evaluated when the browser is on it: `path` exactly, or wherever `path` says.
 * A remote's routes are fetched while the shell starts, well before they first render: the page
 * the member landed on then comes with them instead of one round trip later.
 */
// The same bound as React.lazy's: a page of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<TComponent extends ComponentType<any>>(
  path: string | ((pathname: string) => boolean),
  load: () => Promise<{ default: TComponent }>,
): LazyExoticComponent<TComponent> {
  onLandingPage(path, () => {
    // A failure here is not reported: the first render asks again and its boundary shows it.
    load().catch(() => undefined);
  });
  return lazy(load);
}

/**
 * Runs `start` now if the browser is on `path` (exactly, or wherever `path` says): called where a
 * module is evaluated, it starts what the page the member landed on needs (its code, its data)
 * while the rest of the portal starts, instead of after the page's first render.
 */
export function onLandingPage(path: string | ((pathname: string) => boolean), start: () => void): void {
  const isCurrent = typeof path === 'string' ? (pathname: string) => samePath(pathname, path) : path;
  if (typeof window !== 'undefined' && isCurrent(window.location.pathname)) start();
}

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

function samePath(a: string, b: string): boolean {
  return withoutTrailingSlash(a) === withoutTrailingSlash(b);
}
