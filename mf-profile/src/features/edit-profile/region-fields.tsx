import { Field, NativeSelect, SimpleGrid } from '@loyalty/shared/ui';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '@loyalty/shared/i18n';
import { useCities, useStates } from '../../components/geo/use-geo';

interface RegionFieldsProps {
  country: string;
  state: string;
  stateField: UseFormRegisterReturn<'state'>;
  cityField: UseFormRegisterReturn<'city'>;
}

/**
 * State and city follow the chosen country. The geo API lists them for a few countries only; for
 * the others the selects are disabled and say why, rather than offering an empty list.
 */
export function RegionFields({ country, state, stateField, cityField }: RegionFieldsProps) {
  const { t } = useTranslation('profile');
  const states = useStates(country);
  const cities = useCities(country, state);

  const stateList = states.status === 'ready' ? states.data : [];
  const cityList = cities.status === 'ready' ? cities.data : [];

  const stateHint = !country
    ? t('edit.state_choose_country')
    : states.status === 'loading'
      ? t('edit.loading_list')
      : states.status === 'error'
        ? t('edit.list_error')
        : stateList.length === 0
          ? t('edit.no_states')
          : undefined;
  const cityHint = !state
    ? t('edit.city_choose_state')
    : cities.status === 'loading'
      ? t('edit.loading_list')
      : cities.status === 'error'
        ? t('edit.list_error')
        : cityList.length === 0
          ? t('edit.no_cities')
          : undefined;

  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
      <Field.Root disabled={stateList.length === 0}>
        <Field.Label>{t('edit.state')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field autoComplete="address-level1" {...stateField}>
            <option value="">{t('edit.choose_state')}</option>
            {stateList.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {stateHint ? <Field.HelperText>{stateHint}</Field.HelperText> : null}
      </Field.Root>
      <Field.Root disabled={cityList.length === 0}>
        <Field.Label>{t('edit.city')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field autoComplete="address-level2" {...cityField}>
            <option value="">{t('edit.choose_city')}</option>
            {cityList.map((entry) => (
              <option key={entry.name} value={entry.name}>
                {entry.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {cityHint ? <Field.HelperText>{cityHint}</Field.HelperText> : null}
      </Field.Root>
    </SimpleGrid>
  );
}
