import type { ReactElement } from 'react';
import { Suspense } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@loyalty/shared/api/query-client';
import { i18n, initI18n } from '@loyalty/shared/i18n';
import { AppProviders } from '@loyalty/shared/ui';

/**
 * Renders a component as the apps do: the Chakra system, the real i18n instance (English, with
 * the given namespaces loaded), the one query cache (emptied first, as on a page load) and a
 * memory router at `route`.
 */
export async function renderWithProviders(
  ui: ReactElement,
  { route = '/', namespaces = [] as string[] } = {},
): Promise<RenderResult> {
  await initI18n();
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['common', ...namespaces]);
  queryClient.clear();
  return render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>{ui}</Suspense>
        </QueryClientProvider>
      </AppProviders>
    </MemoryRouter>,
  );
}
