import { startStandalone } from '@loyalty/shared/standalone';
import { mountOf } from '@loyalty/shared/router';
import PointsRoutes from './routes';

void startStandalone({
  remoteName: 'mf-points',
  mountPath: mountOf('mf_points'),
  routes: PointsRoutes,
  requiresSession: true,
});
