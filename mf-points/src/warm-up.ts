import { warmUpPlugin } from '@loyalty/shared/warm-up';
import { loadTexts } from './texts';

/** A federation runtime plugin (webpack/create-app-config.cjs): it runs with remoteEntry.js. */
export default function warmUp() {
  return warmUpPlugin('mf-points', loadTexts);
}
