import { warmUpPlugin } from '@loyalty/shared/warm-up';
import { loadTexts } from './texts';

/** Listed as a federation runtime plugin (webpack/create-app-config.cjs): runs with remoteEntry.js. */
export default function warmUp() {
  return warmUpPlugin('mf-profile', loadTexts);
}
