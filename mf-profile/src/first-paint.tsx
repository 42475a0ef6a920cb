import { OneCardPageSkeleton, type PageSkeleton } from '@loyalty/shared/first-paint';
import { mountOf } from '@loyalty/shared/router';

/**
 * The shapes of mf-profile's pages before any script has run: this build renders them to HTML
 * (`first-paint.json` beside remoteEntry.js), and the edge writes the one of the page it serves
 * into the shell's page (decision 064).
 */
export const pageSkeletons: PageSkeleton[] = [{ path: mountOf('mf_profile'), Skeleton: OneCardPageSkeleton }];
