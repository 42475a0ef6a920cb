import { useEffect } from 'react';
import { directionOf, startingDirection, useTranslation } from '@loyalty/shared/i18n';
import { settingsStore } from '@loyalty/shared/settings';
import { applySettingsToDocument } from './apply-settings';

/**
 * Keeps `<html>` in step with the appearance settings (this tab's and other tabs'), and the text
 * direction in step with the language: docs/product/frame.md — changing the language sets the direction, and a
 * stored Arabic language starts right-to-left.
 */
export function SettingsSync() {
  const { i18n } = useTranslation();

  useEffect(() => {
    const direction = startingDirection(
      settingsStore.getState().themeDirection,
      i18n.resolvedLanguage ?? i18n.language,
    );
    if (settingsStore.getState().themeDirection !== direction)
      settingsStore.getState().update({ themeDirection: direction });
    applySettingsToDocument(settingsStore.getState());
    const stopSettings = settingsStore.subscribe((settings) => applySettingsToDocument(settings));
    const onLanguageChanged = (next: string) => {
      const direction = directionOf(next);
      if (settingsStore.getState().themeDirection !== direction) {
        settingsStore.getState().update({ themeDirection: direction });
      }
    };
    i18n.on('languageChanged', onLanguageChanged);
    return () => {
      stopSettings();
      i18n.off('languageChanged', onLanguageChanged);
    };
  }, [i18n]);

  return null;
}
