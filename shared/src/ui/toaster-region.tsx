import { CloseButton, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { useTranslation } from '@loyalty/shared/i18n';
import { toaster } from './toaster';

/** Renders the toasts of {@link toaster}; mounted once by {@link AppProviders}. */
export function ToasterRegion() {
  const { t } = useTranslation('common');
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close')} />
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
