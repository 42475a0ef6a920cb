import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '@loyalty/shared/config';
import { initI18n } from '@loyalty/shared/i18n';
import { sessionStore } from '@loyalty/shared/session';
import { StandaloneHarness, type StandaloneHarnessProps } from './standalone-harness';

/** A remote's own page: the same start-up as the shell, then its routes inside the harness. */
export async function startStandalone(props: StandaloneHarnessProps): Promise<void> {
  await loadRuntimeConfig();
  void sessionStore.getState().initialize();
  await initI18n();
  createRoot(document.getElementById('root')!).render(<StandaloneHarness {...props} />);
}
