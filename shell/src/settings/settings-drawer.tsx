import { useId, useState, type ReactNode } from 'react';
import { Button, CloseButton, Heading, HStack, Portal, Stack, Text } from '@loyalty/shared/ui';
import { Drawer, RadioGroup, Switch } from '@loyalty/shared/ui-dialogs';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { isDefaultSettings, settingsStore, useSettings, type Settings } from '@loyalty/shared/settings';
import { STRETCH_MIN_VIEWPORT_PX } from '../layouts/dashboard/dimensions';
import { AboutSection } from './about-section';
import { SETTINGS_DRAWER_ID } from './settings-drawer-id';
import { ColorPresetPicker } from './color-preset-picker';
import { isQaView } from './qa-view';
import { useFullscreen } from './use-fullscreen';
import { useMediaQuery } from './use-media-query';

/** docs/product/frame.md: the settings drawer is 280 px wide and opens from the right. */
export const SETTINGS_DRAWER_WIDTH = '280px';

type ChoiceKey = 'themeMode' | 'themeContrast' | 'themeDirection' | 'themeLayout';

const CHOICES: Array<{ key: ChoiceKey; values: string[] }> = [
  { key: 'themeMode', values: ['light', 'dark'] },
  { key: 'themeContrast', values: ['default', 'bold'] },
  { key: 'themeDirection', values: ['ltr', 'rtl'] },
  { key: 'themeLayout', values: ['vertical', 'horizontal', 'mini'] },
];

function Section({ title, children, labelId }: { title: string; children: ReactNode; labelId: string }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="xs" id={labelId} color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Choice({ settingKey, values }: { settingKey: ChoiceKey; values: string[] }) {
  const { t } = useTranslation('shell');
  const labelId = useId();
  const value = useSettings((state) => state[settingKey]);
  return (
    <Section title={t(`settings.${settingKey}.label`)} labelId={labelId}>
      <RadioGroup.Root
        size="sm"
        value={value}
        aria-labelledby={labelId}
        onValueChange={(details) => {
          if (details.value) settingsStore.getState().update({ [settingKey]: details.value } as Partial<Settings>);
        }}
      >
        <HStack gap="4" flexWrap="wrap" rowGap="2">
          {values.map((option) => (
            <RadioGroup.Item key={option} value={option}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(`settings.${settingKey}.${option}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
    </Section>
  );
}

interface SettingsDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function SettingsDrawer({ open, onOpenChange }: SettingsDrawerProps) {
  const { t } = useTranslation('shell');
  const settings = useSettings((state) => state);
  const stretchAvailable = useMediaQuery(`(min-width: ${STRETCH_MIN_VIEWPORT_PX + 1}px)`);
  const fullscreen = useFullscreen();
  const stretchHintId = useId();
  const [qaView] = useState(() => isQaView());

  return (
    <Drawer.Root
      ids={{ content: SETTINGS_DRAWER_ID }}
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="end"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content width={SETTINGS_DRAWER_WIDTH} maxWidth={SETTINGS_DRAWER_WIDTH}>
            <Drawer.Header>
              <HStack justify="space-between" width="full" paddingInlineEnd="8">
                <Drawer.Title>{t('settings.title')}</Drawer.Title>
                {isDefaultSettings(settings) ? null : (
                  <Button size="xs" variant="outline" onClick={() => settingsStore.getState().reset()}>
                    {t('settings.reset')}
                  </Button>
                )}
              </HStack>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="6">
                {CHOICES.map(({ key, values }) => (
                  <Choice key={key} settingKey={key} values={values} />
                ))}
                <Stack gap="1">
                  <Switch.Root
                    checked={settings.themeStretch}
                    disabled={!stretchAvailable}
                    aria-describedby={stretchHintId}
                    onCheckedChange={(details) => settingsStore.getState().update({ themeStretch: details.checked })}
                  >
                    <Switch.HiddenInput />
                    <Switch.Control>
                      <Switch.Thumb />
                    </Switch.Control>
                    <Switch.Label>{t('settings.themeStretch.label')}</Switch.Label>
                  </Switch.Root>
                  <Text id={stretchHintId} fontSize="xs" color="fg.muted">
                    {t('settings.themeStretch.hint')}
                  </Text>
                </Stack>
                <ColorPresetPicker />
                {fullscreen.supported ? (
                  <Button variant="outline" onClick={fullscreen.toggle}>
                    {fullscreen.isFullscreen ? t('settings.exit_fullscreen') : t('settings.fullscreen')}
                  </Button>
                ) : null}
                {/* Build internals are for QA and support, not members. */}
                {qaView ? <AboutSection /> : null}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={accessibleText(t('settings.close'))} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
