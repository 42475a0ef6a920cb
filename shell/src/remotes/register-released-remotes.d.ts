import { type ReleaseChannel, type ReleaseManifest } from '@loyalty/shared/config';
import { type ReleaseOverrides } from './release-override';
/** A remote as this page load actually registered it. */
export interface RegisteredRemote {
    name: string;
    version: string;
    channel: ReleaseChannel;
    entry: string;
    integrity?: string;
}
/** What the settings drawer's "About" shows: the shell's own version and each remote's. */
export interface ReleaseInfo {
    shell: {
        name: string;
        version: string;
    };
    remotes: readonly RegisteredRemote[];
    /** The environment the release manifest describes (e.g. `production`); unknown until it is read. */
    environment?: string;
}
export declare function registeredRemotes(): readonly RegisteredRemote[];
export declare function registeredRemote(name: string): RegisteredRemote | undefined;
export declare function releaseInfo(): ReleaseInfo;
/** The shell's and each remote's version, channel and entry as loaded (for the "About" section). */
export declare function useReleaseInfo(): ReleaseInfo;
/** Picks each remote's release for this page load: QA's override, else the member's cohort. */
export declare function chooseReleases(manifest: ReleaseManifest, cohortId: string, overrides: ReleaseOverrides): RegisteredRemote[];
/**
 * Reads this environment's release manifest, picks each remote's release for this member and tells
 * the federation runtime where each lives. Runs once per page load: a member's remotes never change
 * mid-session, a new cohort (after sign-in) or a new release applies from the next load. A missing
 * manifest leaves the shell running with every remote area in its fallback.
 */
export declare function registerReleasedRemotes(): Promise<void>;
/** Registers a remote again so that the next load fetches its entry anew (used by retries). */
export declare function reRegisterRemote(name: string): void;
