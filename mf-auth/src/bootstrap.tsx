import { startStandalone } from '@loyalty/shared/standalone';
import { REMOTE_MOUNTS } from '@loyalty/shared/router';
import AuthRoutes from './routes';

void startStandalone({
  remoteName: 'mf-auth',
  mountPath: REMOTE_MOUNTS.mf_auth,
  routes: AuthRoutes,
  requiresSession: false,
});
