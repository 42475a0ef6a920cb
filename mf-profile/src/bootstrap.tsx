import { startStandalone } from '@loyalty/shared/standalone';
import { mountOf } from '@loyalty/shared/router';
import ProfileRoutes from './routes';

void startStandalone({
  remoteName: 'mf-profile',
  mountPath: mountOf('mf_profile'),
  routes: ProfileRoutes,
  requiresSession: true,
});
