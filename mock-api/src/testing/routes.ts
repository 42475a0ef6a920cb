import type { Express } from 'express';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  name: string;
  regexp: RegExp;
  handle: { stack?: Layer[] };
}

/** Turns an Express 4 mount regexp (`/^\/api\/auth\/?(?=\/|$)/i`) back into its static path. */
function mountPath(regexp: RegExp): string {
  if (regexp.source === '^\\/?(?=\\/|$)') return '';
  return regexp.source
    .replace(/^\^/, '')
    .replace(/\\\/\?\(\?=\\\/\|\$\)$/, '')
    .replace(/\\\//g, '/');
}

/** Express's `:name` parameters written as OpenAPI's `{name}`. */
const asOpenApiPath = (path: string) => path.replace(/:([A-Za-z]\w*)/g, '{$1}');

/** Every `METHOD /path` the app answers, read from its router (so nothing can be forgotten). */
export function listRoutes(app: Express): string[] {
  const routes: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods))
          routes.push(`${method.toUpperCase()} ${prefix}${asOpenApiPath(layer.route.path)}`);
      } else if (layer.name === 'router' && layer.handle.stack) {
        walk(layer.handle.stack, prefix + mountPath(layer.regexp));
      }
    }
  };
  walk((app as unknown as { _router: { stack: Layer[] } })._router.stack, '');
  return [...new Set(routes)].sort();
}
