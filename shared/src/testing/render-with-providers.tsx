import type { ReactElement } from 'react';
import { Suspense } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { i18n, initI18n } from '@loyalty/shared/i18n';
import { AppProviders } from '@loyalty/shared/ui';

/**
 * Renders a component as the apps do: the Chakra system, the real i18n instance (English, with
 * the given namespaces loaded) and a memory router at `route`.
 */
export async function renderWithProviders(
  ui: ReactElement,
  { route = '/', namespaces = [] as string[] } = {},
): Promise<RenderResult> {
  await initI18n();
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['common', ...namespaces]);
  return render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders>
        <Suspense fallback={null}>{ui}</Suspense>
      </AppProviders>
    </MemoryRouter>,
  );
}
