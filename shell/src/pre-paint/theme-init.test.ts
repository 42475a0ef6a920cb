import { builtPrePaintScript } from './testing/built-script';

// theme-init.js puts the stored appearance on <html> before the first paint, by the rules the
// application's SettingsSync follows afterwards: what the member sees first is what stays.
const PRE_PAINT_SCRIPT = builtPrePaintScript('theme-init');

function runPrePaintScript(pathname = '/auth/login') {
  window.history.pushState({}, '', pathname);
  (0, eval)(PRE_PAINT_SCRIPT);
  return document.documentElement;
}

afterEach(() => {
  localStorage.clear();
  const root = document.documentElement;
  root.className = '';
  root.removeAttribute('dir');
  root.removeAttribute('lang');
  Object.keys(root.dataset).forEach((key) => delete root.dataset[key]);
});

describe('theme-init', () => {
  it('paints the stored appearance', () => {
    localStorage.setItem(
      'settings',
      JSON.stringify({
        themeMode: 'dark',
        themeContrast: 'bold',
        themeColorPresets: 'purple',
        themeLayout: 'mini',
        themeStretch: true,
      }),
    );
    const root = runPrePaintScript();
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    expect(root.dataset).toMatchObject({
      contrast: 'bold',
      colorPreset: 'purple',
      layout: 'mini',
      stretch: '',
      firstPaint: 'auth',
    });
    expect(root.dir).toBe('ltr');
  });

  it('reads a right-to-left language right to left, whatever direction was stored', () => {
    localStorage.setItem('i18nextLng', 'ar');
    localStorage.setItem('settings', JSON.stringify({ themeDirection: 'ltr' }));
    const root = runPrePaintScript();
    expect(root.dir).toBe('rtl');
    expect(root.lang).toBe('ar');
  });

  it('takes a broken or foreign entry for the defaults', () => {
    localStorage.setItem('settings', '{"themeMode":"neon","themeLayout":');
    localStorage.setItem('i18nextLng', 'xx-YY');
    const root = runPrePaintScript();
    expect(root.classList.contains('light')).toBe(true);
    expect(root.dataset).toMatchObject({ contrast: 'default', colorPreset: 'default', layout: 'horizontal' });
    expect(root.dataset.stretch).toBeUndefined();
    expect(root.lang).toBe('en');
  });
});
