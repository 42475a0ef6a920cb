import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';
import { PendingWork } from '../promises/pending-work';

type Module<TComponent> = { default: TComponent };

/** A component loaded when first rendered, and `load` to fetch it before that. */
// The same bound as React.lazy's: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LazyComponent<TComponent extends ComponentType<any>> = ComponentType<ComponentProps<TComponent>> & {
  load: () => Promise<Module<TComponent>>;
};

/**
 * A component whose code is loaded when first rendered, like `React.lazy`, except that once its
 * module is loaded it renders at once instead of suspending. `React.lazy` suspends on its first
 * render even when its download finished long before, and React 19 holds back the content of a
 * Suspense boundary for 300 ms after its fallback appeared: a page whose code had arrived with the
 * rest showed a loader, then itself a third of a second later.
 */
// The same bound as React.lazy's: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyComponent<TComponent extends ComponentType<any>>(
  load: () => Promise<Module<TComponent>>,
): LazyComponent<TComponent> {
  let loaded: TComponent | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Suspending = lazy(loadAndKeep);
  function Lazy(props: ComponentProps<TComponent>) {
    // Chosen once per instance: switching from one to the other later would remount the page.
    const [Loaded] = useState(() => loaded);
    return createElement(Loaded ?? Suspending, props);
  }
  return Object.assign(Lazy, { load: loadAndKeep });
}

/** The code of the page the member landed on, on its way. */
const landingDownloads = new PendingWork();

/**
 * A page (or layout) loaded when first visited (`lazyComponent`), whose download starts as soon as
 * this module is evaluated when the browser is on it: `path` exactly, or wherever `path` says.
 * A remote's routes are fetched while the shell starts, well before they first render: the page
 * the member landed on then comes with them instead of one round trip later.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<TComponent extends ComponentType<any>>(
  path: string | ((pathname: string) => boolean),
  load: () => Promise<Module<TComponent>>,
): ComponentType<ComponentProps<TComponent>> {
  const page = lazyComponent(load);
  // A failure here is not reported: the first render asks again and its boundary shows it.
  onLandingPage(path, () => landingDownloads.add(page.load()));
  return page;
}

/**
 * Settles when the code of the page the member landed on, as far as the modules evaluated so far
 * have asked for it, has arrived or failed. The shell waits for it before its first render, so
 * the landing page appears whole instead of a loader first.
 */
export function landingPagesLoaded(): Promise<void> {
  return landingDownloads.settled();
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
