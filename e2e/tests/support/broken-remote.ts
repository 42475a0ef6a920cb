import type { Page } from '@playwright/test';
import { remoteOrigin } from './endpoints';

/** In mf-points' entry: the chunks its exposed `./routes` needs, and the routes module's id. */
const ROUTES_EXPOSE = /"\.\/routes":\(\)=>Promise\.all\(\[([^\]]*)\]\)\.then\(\(\)=>\(\)=>\w+\((\d+)\)\)/;
/** The start of a module's function in a chunk: `123(e,t,n){` or `123:(e,t,n)=>{`. */
const moduleStart = (id: string) => new RegExp(`([,{]${id}(?::\\([^)]*\\)=>|\\([^)]*\\))\\{)`, 'g');

export interface BrokenServing {
  /** How many copies of a chunk were served with modules that throw. */
  readonly served: number;
}

/**
 * Serves mf-points' chunks with modules that throw as soon as they are evaluated (a bad build, a
 * fault inside a module) while `broken(copiesServedSoFar)` says so, and as built otherwise.
 * `routes`: the exposed routes module itself; `routes-dependencies`: every module of the chunks
 * the routes module needs besides its own (the modules it imports). Found by content, so it
 * follows the build's ids and file names.
 */
export async function serveMfPointsBroken(
  page: Page,
  { modules, broken }: { modules: 'routes' | 'routes-dependencies'; broken: (served: number) => boolean },
): Promise<BrokenServing> {
  let expose: { chunks: string[]; routesModule: string } | undefined;
  let served = 0;
  await page.route(`${remoteOrigin('mf_points')}/**/*.js`, async (route) => {
    const response = await route.fetch();
    let body = await response.text();
    const file = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    if (file === 'remoteEntry.js') {
      const [, chunks, routesModule] = ROUTES_EXPOSE.exec(body) ?? [];
      if (!chunks || !routesModule) throw new Error("mf-points' entry does not say which chunks its routes need");
      expose ??= { chunks: [...chunks.matchAll(/\((\d+)\)/g)].flatMap(([, id]) => id ?? []), routesModule };
    } else if (expose && broken(served)) {
      const throwing = (text: string, id: string) => text.replace(moduleStart(id), '$1throw new Error("broken");');
      let changed = body;
      if (modules === 'routes') changed = throwing(body, expose.routesModule);
      else if (expose.chunks.includes(file.split('.', 1)[0] ?? '')) changed = throwing(body, '\\d+');
      if (changed !== body) {
        body = changed;
        served += 1;
      }
    }
    await route.fulfill({ response, body, headers: { ...response.headers(), 'cache-control': 'no-store' } });
  });
  return {
    get served() {
      return served;
    },
  };
}
