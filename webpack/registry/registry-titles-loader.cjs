// remotes.json as a browser build holds it: every menu title is left empty. The registry module reads
// it on every page, the sign-in page's first scripts included, where no menu is drawn; the member's
// frame brings the titles (menu-titles-loader.cjs). Each title keeps its languages, empty, so the
// registry's checks read the same shape as at build time, which already checked the texts.
module.exports = function registryTitlesLoader(source) {
  const registry = JSON.parse(source);
  const emptied = (entry) => ({
    ...entry,
    title: Object.fromEntries(Object.keys(entry.title ?? {}).map((language) => [language, ''])),
    ...(entry.children ? { children: entry.children.map(emptied) } : {}),
  });
  return JSON.stringify({
    ...registry,
    remotes: registry.remotes.map((remote) => ({ ...remote, menu: (remote.menu ?? []).map(emptied) })),
  });
};
