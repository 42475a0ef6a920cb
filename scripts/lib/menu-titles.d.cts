/** The menu entries' titles by language, then by entry key. */
declare const menuTitles: Readonly<Record<string, Readonly<Record<string, string>>>>;
export = menuTitles;
