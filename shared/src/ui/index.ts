export { system } from './system';
export { AppProviders } from './app-providers';
export { toaster, notify, TOAST_MAX, TOAST_DURATION_MS, type ToastType } from './toaster';
export { avatarRole, avatarColorPalette, type AvatarRole } from './avatar-color';
export { FullScreenLoader } from './full-screen-loader';
export { ErrorPanel, type ErrorPanelProps } from './error-panel';
export { StandaloneHarness, type StandaloneHarnessProps } from './standalone-harness';
export { startStandalone } from './start-standalone';
export { SearchNotFound } from './search-not-found';
