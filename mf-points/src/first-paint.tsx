import { OneCardPageSkeleton, type PageSkeleton } from '@loyalty/shared/first-paint';
import { paths } from '@loyalty/shared/router';
import { CardSkeleton } from './first-paint/card-skeleton';
import { DashboardSkeleton } from './first-paint/dashboard-skeleton';

/**
 * The shapes of mf-points' pages before any script has run: this build renders them to HTML
 * (`first-paint.json` beside remoteEntry.js), and the edge writes the one of the page it serves
 * into the shell's page (decision 064). Changing a page's layout changes its skeleton here.
 */
export const pageSkeletons: PageSkeleton[] = [
  { path: paths.dashboard.root, exact: true, Skeleton: DashboardSkeleton },
  { path: paths.dashboard.card, exact: true, Skeleton: CardSkeleton },
  { path: paths.dashboard.root, Skeleton: OneCardPageSkeleton },
];
