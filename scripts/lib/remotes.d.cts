/** A title in each of the portal's languages. */
type Titles = Record<'en' | 'de' | 'fr' | 'es' | 'ar', string>;

/** The frame's sections of the menu, each under its own subheader. */
type MenuSection = 'overview' | 'account';

/** One entry of a remote's menu in the registry. */
interface MenuItem {
  /** What a member's stored menu keeps: never changes, never shared. */
  id: number;
  /** A word, unique in the registry: the title's i18n key. */
  key: string;
  /** A dotted key of the route table (`dashboard.claim`); without one, the entry leads to the remote's mount. */
  route?: string;
  icon?: string;
  title: Titles;
}

/** An entry of the default menu as the registry derives it. */
interface MenuEntry {
  id: number;
  /** 0 at the top level, else the group's id. */
  parentId: number;
  section: MenuSection;
  /** The federation name of the remote whose page it opens. */
  remote: string;
  key: string;
  /** The route key the menu sends, or the entry's key (which resolves to its remote's mount). */
  path: string;
  icon: string;
  /** An i18n key of MENU_NAMESPACE. */
  title: string;
}

/** One remote of the registry (remotes.json). */
interface Remote {
  /** Folder, npm workspace and deploy-root folder: `mf-points`. */
  package: string;
  /** Federation name and release-manifest key (a JavaScript identifier): `mf_points`. */
  federationName: string;
  /** The port its servers listen on unless `variable` says otherwise. */
  port: { variable: string; default: number };
  /** Where its slice of the URL space starts: `/dashboard`. The deepest mount wins. */
  mount: string;
  /** Whether it also renders the home page, `/`. Exactly one remote does. */
  home: boolean;
  /** The shell's frame around its pages: the sign-in pages' (`guest`) or the signed-in one (`member`). */
  frame: 'guest' | 'member';
  /** Its federation `exposes`: `./routes`, the one module a remote exposes. */
  exposes: Record<string, string>;
  /** Its entries in every member's default menu, in the order members see them. */
  menu: ReadonlyArray<MenuItem & { section?: MenuSection; children?: ReadonlyArray<MenuItem> }>;
}

declare namespace registry {
  export type { Remote, Titles, MenuItem, MenuEntry, MenuSection };
}
declare const registry: {
  LANGUAGES: ReadonlyArray<keyof Titles>;
  /** What `npm run typecheck` builds: the root project and each remote's folder. */
  typeScriptProjects: ReadonlyArray<string>;
  remotes: ReadonlyArray<Remote>;
  mounts: Readonly<Record<string, string>>;
  homeRemote: Remote;
  MENU_NAMESPACE: string;
  MENU_SECTIONS: ReadonlyArray<MenuSection>;
  menuEntries: ReadonlyArray<MenuEntry>;
  menuTitles(language: string): Record<string, string>;
  problemsOf(list: unknown): string[];
  federationNameOf(pkg: string): string;
  portVariableOf(pkg: string): string;
};
export = registry;
