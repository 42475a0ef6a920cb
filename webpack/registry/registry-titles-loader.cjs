// remotes.json as a browser build holds it: without the menu's titles. The registry module reads it
// on every page, the sign-in page's first scripts included, where no menu is drawn; the member's
// frame brings the titles (menu-titles-loader.cjs). The checks that read the titles ran at build
// time and are not in the page (no-registry-checks.cjs).
module.exports = function registryTitlesLoader(source) {
  const registry = JSON.parse(source);
  const untitled = ({ title: _title, ...entry }) => ({
    ...entry,
    ...(entry.children ? { children: entry.children.map(untitled) } : {}),
  });
  return JSON.stringify({
    ...registry,
    remotes: registry.remotes.map((remote) => ({ ...remote, menu: (remote.menu ?? []).map(untitled) })),
  });
};
