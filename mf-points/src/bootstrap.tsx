import { startStandalone } from '@loyalty/shared/standalone';
import { REMOTE_MOUNTS } from '@loyalty/shared/router';
import PointsRoutes from './routes';

void startStandalone({
  remoteName: 'mf-points',
  mountPath: REMOTE_MOUNTS.mf_points,
  routes: PointsRoutes,
  requiresSession: true,
});
