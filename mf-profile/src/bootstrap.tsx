import { startStandalone } from '@loyalty/shared/standalone';
import { REMOTE_MOUNTS } from '@loyalty/shared/router';
import ProfileRoutes from './routes';

void startStandalone({
  remoteName: 'mf-profile',
  mountPath: REMOTE_MOUNTS.mf_profile,
  routes: ProfileRoutes,
  requiresSession: true,
});
