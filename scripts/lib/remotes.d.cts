/** A title in each of the portal's languages. */
type Titles = Record<'en' | 'de' | 'fr' | 'es' | 'ar', string>;

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
  /** Entries it adds to every member's menu: a key (`offers`, resolving to its mount), an icon, titles. */
  menu: ReadonlyArray<{ key: string; icon?: string; title: Titles }>;
}

declare namespace registry {
  export type { Remote, Titles };
}
declare const registry: {
  LANGUAGES: ReadonlyArray<keyof Titles>;
  /** What `npm run typecheck` builds: the root project and each remote's folder. */
  typeScriptProjects: ReadonlyArray<string>;
  remotes: ReadonlyArray<Remote>;
  mounts: Readonly<Record<string, string>>;
  homeRemote: Remote;
  MENU_NAMESPACE: string;
  menuEntries: ReadonlyArray<{ key: string; icon: string; title: string }>;
  menuTitles(language: string): Record<string, string>;
  problemsOf(list: unknown): string[];
  federationNameOf(pkg: string): string;
  portVariableOf(pkg: string): string;
};
export = registry;
