// Types of path-rules.mjs, the rules on paths the router and the edge share.
export declare const SIGNED_IN_ROOT: '/dashboard';
export declare const GUEST_ROOT: '/auth';
export declare function isAtOrUnder(pathname: string, root: string): boolean;
export declare function isSignedInPage(pathname: string | null | undefined): boolean;
export declare function isGuestPage(pathname: string | null | undefined): boolean;
export declare function remoteForMountedPath<Remote extends string>(
  pathname: string,
  remoteMounts: Readonly<Record<Remote, string>>,
  homeRemote: Remote,
): Remote | null;
