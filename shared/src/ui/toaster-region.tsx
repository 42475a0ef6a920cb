import { CloseButton, Portal, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { registerRecipes } from './system';
import { TOAST_DURATION_MS, TOAST_MAX } from './toaster';

registerRecipes({ slotRecipes: { toast: toastSlotRecipe } });

/** The toasts on screen; `notify` is how apps add one. */
export const toaster = createToaster({ placement: 'top-end', max: TOAST_MAX, duration: TOAST_DURATION_MS });

/** Renders the toasts of {@link toaster}; mounted by `ToasterOnDemand` with the first toast. */
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
              <CloseButton size="sm" aria-label={accessibleText(t('actions.close'))} />
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
