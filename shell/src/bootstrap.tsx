import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '@loyalty/shared/config';
import { initI18n, registerNamespace } from '@loyalty/shared/i18n';
import { readStoredSession, sessionStore } from '@loyalty/shared/session';
import { registerReleasedRemotes } from './remotes/register-released-remotes';
import { preloadRemoteFor } from './remotes/routes-download';
import { provideFederationRuntime } from './remotes/provide-federation-runtime';

registerNamespace('shell', (language) => import(`./locales/${language}.json`));

async function start() {
  // The application — and with it Chakra, whose system takes the longest to build — is evaluated
  // in a task of its own, after the requests below have gone out rather than before them. Its chunk
  // downloads beside this one (webpackPreload).
  const application = import(/* webpackPreload: true */ './app');
  if (!__SINGLE_BUNDLE__) provideFederationRuntime();
  await loadRuntimeConfig();
  // The session, the texts and the remotes are independent: fetch them side by side.
  void sessionStore.getState().initialize();
  // The page's remote starts downloading as soon as it is known, beside the texts.
  const remotesReady = __SINGLE_BUNDLE__ ? Promise.resolve() : registerReleasedRemotes();
  const preloaded = remotesReady.then(() =>
    preloadRemoteFor(window.location.pathname, Boolean(readStoredSession().accessToken)),
  );
  const [{ App }] = await Promise.all([application, initI18n(), preloaded]);
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that give the main thread back every few milliseconds, so the
  // first render is not one long task on a slow phone (total blocking time).
  startTransition(() => root.render(<App />));
}

start().catch((error: unknown) => {
  console.error('The application could not start', error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'The application could not start. Please reload the page.';
});
