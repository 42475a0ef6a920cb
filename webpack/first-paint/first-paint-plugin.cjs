// The first paint, built from the components React draws (decision 064):
// - a remote's build renders the skeleton of each of its pages (`src/first-paint.tsx`,
//   `pageSkeletons`) to an HTML fragment, `first-paint/<page>.html`, listed with its path in
//   `first-paint.json` beside the entry; the edge writes the one of the page it serves into the
//   shell's page (scripts/edge/first-paint.mjs);
// - the shell's build renders the frame (`src/first-paint/static-page.tsx`) into index.html where
//   it says `{{first-paint}}`, with a slot for the page's skeleton in each frame, and writes
//   `first-paint.css` (the bones' vocabulary and the frame).
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createElement } = require('react');
const { renderToStaticMarkup } = require('react-dom/server');
const { loadBuildTimeModule } = require('./build-time-module.cjs');
const { FIRST_PAINT_FRAMES, slotDirective } = require('./slots.cjs');

const LIST = 'first-paint.json';
// Text, not a comment: the page's minifier removes comments before this plugin sees the page.
const MARKER = '{{first-paint}}';

/** `first-paint/dashboard.html` for `/dashboard` alone, `first-paint/dashboard.all.html` for every page under it too. */
const fragmentFile = ({ path: pagePath, exact }) =>
  `first-paint/${pagePath.replace(/^\/+|\/+$/g, '').replace(/\//g, '-') || 'home'}${exact ? '' : '.all'}.html`;

/**
 * The fragments of a remote's `pageSkeletons`, each wrapped in an element that says which path it
 * is the shape of (the shell shows it again for that path while the page's code is on its way).
 */
function renderPageSkeletons(pageSkeletons) {
  if (!Array.isArray(pageSkeletons) || pageSkeletons.length === 0) {
    throw new Error('src/first-paint.tsx exports no `pageSkeletons`');
  }
  const seen = new Set();
  return pageSkeletons.map(({ path: pagePath, exact = false, Skeleton }) => {
    if (typeof pagePath !== 'string' || !/^\/[A-Za-z0-9._\-/]*$/.test(pagePath)) {
      throw new Error(`a page skeleton's path must be a path of the portal: ${pagePath}`);
    }
    const key = `${pagePath} ${exact}`;
    if (seen.has(key)) throw new Error(`two page skeletons for ${pagePath}${exact ? ' (exact)' : ''}`);
    seen.add(key);
    const html = renderToStaticMarkup(
      createElement(
        'div',
        { className: 'fp-skeleton', 'data-skeleton-path': pagePath, 'data-skeleton-exact': exact ? '' : undefined },
        createElement(Skeleton),
      ),
    );
    // A skeleton paints; it never runs anything.
    if (/<(?:script|iframe|object|embed|link|meta|base)\b|\son[a-z]+=|<!--#/i.test(html)) {
      throw new Error(`the skeleton of ${pagePath} holds more than markup and styles`);
    }
    return { path: pagePath, exact, file: fragmentFile({ path: pagePath, exact }), html };
  });
}

class FirstPaintPlugin {
  /**
   * @param {object} options
   * @param {'frame' | 'pages'} options.kind  the shell's frame, or a remote's page skeletons
   * @param {string} options.module  the TypeScript module that exports them
   */
  constructor({ kind, module: moduleFile }) {
    this.kind = kind;
    this.module = moduleFile;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FirstPaintPlugin', (compilation) => {
      const loaded = loadBuildTimeModule(this.module).then(({ exports, inputs }) => {
        for (const input of inputs) compilation.fileDependencies.add(input);
        return exports;
      });
      // An unhandled rejection before the hooks below ask for it would end the process.
      loaded.catch(() => undefined);
      const fail = (error) =>
        compilation.errors.push(
          new webpack.WebpackError(`FirstPaintPlugin (${path.basename(this.module)}): ${error.message}`),
        );

      compilation.hooks.processAssets.tapPromise(
        { name: 'FirstPaintPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          try {
            const exports = await loaded;
            if (this.kind === 'frame') {
              compilation.emitAsset('first-paint.css', new webpack.sources.RawSource(exports.firstPaintCss));
              return;
            }
            const pages = renderPageSkeletons(exports.pageSkeletons);
            for (const page of pages) compilation.emitAsset(page.file, new webpack.sources.RawSource(page.html));
            const list = { pages: pages.map(({ path: pagePath, exact, file }) => ({ path: pagePath, exact, file })) };
            compilation.emitAsset(LIST, new webpack.sources.RawSource(`${JSON.stringify(list, null, 2)}\n`));
          } catch (error) {
            fail(error);
          }
        },
      );

      if (this.kind === 'frame') {
        HtmlWebpackPlugin.getHooks(compilation).beforeEmit.tapPromise('FirstPaintPlugin', async (data) => {
          try {
            const { frameHtml } = await loaded;
            if (!data.html.includes(MARKER)) throw new Error(`index.html has no ${MARKER}`);
            const slots = Object.fromEntries(
              Object.values(FIRST_PAINT_FRAMES).map((frame) => [frame, slotDirective(frame)]),
            );
            const frame = frameHtml(slots);
            // The frame's names are the edge's (slots.cjs): a frame without its slot would paint no page.
            const missing = Object.values(slots).filter((slot) => !frame.includes(slot));
            if (missing.length) throw new Error(`the frame has no slot for ${missing.join(', ')}`);
            data.html = data.html.replace(MARKER, () => frame);
          } catch (error) {
            fail(error);
          }
          return data;
        });
      }
    });
  }
}

module.exports = { FirstPaintPlugin, renderPageSkeletons, LIST, MARKER };
