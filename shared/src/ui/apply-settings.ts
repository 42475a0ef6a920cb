import type { Settings } from '@loyalty/shared/settings';

/**
 * Puts the appearance settings on `<html>`, where the Chakra system reads them: the `dark` class,
 * the text direction, the contrast and the colour preset; and the layout and stretch, where the
 * shell's loading frame reads them. The page's pre-paint script (shell/src/pre-paint/theme-init.ts)
 * calls this very function before the first paint.
 */
export function applySettingsToDocument(settings: Settings, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', settings.themeMode === 'dark');
  root.classList.toggle('light', settings.themeMode === 'light');
  root.style.colorScheme = settings.themeMode;
  root.dir = settings.themeDirection;
  root.dataset.contrast = settings.themeContrast;
  root.dataset.colorPreset = settings.themeColorPresets;
  // For the frame the page draws while loading (the shell's first-paint.css).
  root.dataset.layout = settings.themeLayout;
  if (settings.themeStretch) root.dataset.stretch = '';
  else delete root.dataset.stretch;
}
