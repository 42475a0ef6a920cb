import { dehydrate, QueryClient } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { BALANCE_QUERY_KEY } from '@loyalty/shared/api';
import { KeptFigure } from '@loyalty/shared/first-paint';
import { fakeToken } from '@loyalty/shared/testing';
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
  sessionStorage.clear();
  document.body.innerHTML = '';
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

  it("points the page's web app manifest at the member's language", () => {
    document.head.innerHTML = '<link rel="manifest" href="/manifest.webmanifest" />';
    localStorage.setItem('i18nextLng', 'de-AT');
    runPrePaintScript();
    expect(document.querySelector('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.de.webmanifest');
    document.head.innerHTML = '';
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

describe("theme-init's kept figures", () => {
  const HOUR_MS = 60 * 60 * 1000;

  /** The page's painted shape, with the balance as the dashboard's skeleton names it. */
  function paintedBalance(): HTMLElement {
    document.body.innerHTML = renderToStaticMarkup(
      createElement(KeptFigure, { query: BALANCE_QUERY_KEY, field: 'pointBalance', shape: 'fp-figure' }),
    );
    return document.body.querySelector<HTMLElement>('.fp-kept')!;
  }

  /** What the application keeps in the tab once it has the member's balance (offline-answers.ts). */
  function keepBalance(pointBalance: number, keptAt = Date.now()) {
    const queryClient = new QueryClient();
    queryClient.setQueryData(BALANCE_QUERY_KEY, { pointBalance, pointsPending: 0, totalClaimed: pointBalance });
    sessionStorage.setItem('offlineAnswers', JSON.stringify({ keptAt, state: dehydrate(queryClient) }));
  }

  const signIn = () => sessionStorage.setItem('accessToken', fakeToken(Math.floor(Date.now() / 1000) + 600));

  it("paints a returning member's balance in their language before the application starts", () => {
    signIn();
    localStorage.setItem('i18nextLng', 'de');
    keepBalance(12345);
    const figure = paintedBalance();
    runPrePaintScript('/dashboard');
    expect(figure).toHaveTextContent(/^12\.345$/);
  });

  it('leaves the bone where nothing fresh was kept, or nobody is signed in', () => {
    signIn();
    keepBalance(12345, Date.now() - 25 * HOUR_MS);
    expect(paintedBalance()).toBeEmptyDOMElement();
    runPrePaintScript('/dashboard');
    expect(document.body.querySelector('.fp-kept')).toBeEmptyDOMElement();

    sessionStorage.removeItem('accessToken');
    keepBalance(12345);
    const figure = paintedBalance();
    runPrePaintScript('/dashboard');
    expect(figure).toBeEmptyDOMElement();
  });
});
