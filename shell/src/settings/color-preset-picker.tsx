import { useId } from 'react';
import { Box, Heading, HStack, Stack } from '@loyalty/shared/ui';
import { RadioGroup } from '@loyalty/shared/ui-dialogs';
import { useTranslation } from '@loyalty/shared/i18n';
import { COLOR_PRESET_PALETTES, THEME_COLOR_PRESETS } from '@loyalty/shared/ui';
import { settingsStore, useSettings, type ThemeColorPreset } from '@loyalty/shared/settings';

/** Colour presets as a radio group: a swatch for the eye, a name for everyone. */
export function ColorPresetPicker() {
  const { t } = useTranslation('shell');
  const labelId = useId();
  const preset = useSettings((state) => state.themeColorPresets);
  return (
    <Stack gap="2">
      <Heading as="h3" size="xs" id={labelId} color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {t('settings.themeColorPresets.label')}
      </Heading>
      <RadioGroup.Root
        size="sm"
        value={preset}
        aria-labelledby={labelId}
        onValueChange={(details) => {
          if (details.value) settingsStore.getState().update({ themeColorPresets: details.value as ThemeColorPreset });
        }}
      >
        <Stack gap="2">
          {THEME_COLOR_PRESETS.map((value) => (
            <RadioGroup.Item key={value} value={value} colorPalette={COLOR_PRESET_PALETTES[value]}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>
                <HStack gap="2">
                  <Box as="span" width="4" height="4" borderRadius="full" bg="colorPalette.solid" aria-hidden="true" />
                  {t(`settings.themeColorPresets.${value}`)}
                </HStack>
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    </Stack>
  );
}
