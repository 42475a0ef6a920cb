import { startStandalone } from '@loyalty/shared/standalone';
import { mountOf } from '@loyalty/shared/router';
import AuthRoutes from './routes';

void startStandalone({
  remoteName: 'mf-auth',
  mountPath: mountOf('mf_auth'),
  routes: AuthRoutes,
  requiresSession: false,
});
