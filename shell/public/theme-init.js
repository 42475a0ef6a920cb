// Applies the stored appearance settings before the first paint, so a member who chose dark mode
// or right-to-left never sees a flash of the defaults. Mirrors src/theme/apply-settings.ts.
(function () {
  var settings = {};
  try {
    settings = JSON.parse(localStorage.getItem('settings') || '{}') || {};
  } catch {
    settings = {};
  }
  var language = (localStorage.getItem('i18nextLng') || '').slice(0, 2);
  var root = document.documentElement;
  var mode = settings.themeMode === 'dark' ? 'dark' : 'light';
  root.classList.add(mode);
  root.style.colorScheme = mode;
  root.dir = settings.themeDirection === 'rtl' || (!settings.themeDirection && language === 'ar') ? 'rtl' : 'ltr';
  if (language) root.lang = language;
  root.dataset.contrast = settings.themeContrast === 'bold' ? 'bold' : 'default';
  root.dataset.colorPreset = settings.themeColorPresets || 'default';
  // The pages show their layout's frame from the HTML until React renders (first-paint.css): the
  // sign-in pages' gradient, or the dashboard's plain background for a member signed in in this tab
  // (the guards send the others to sign in, and a signed-in member on a sign-in page to the dashboard).
  // Signed in means what isSignedIn says (shared/src/session/signed-in.ts): a stored token whose `exp` is ahead.
  var path = window.location.pathname;
  var signedIn = false;
  try {
    var token = sessionStorage.getItem('accessToken') || '';
    var payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    signedIn = typeof payload.exp === 'number' && payload.exp * 1000 > Date.now();
  } catch {
    signedIn = false;
  }
  // Every page is drawn in one of the two frames: a path outside the portal's pages shows its 404
  // inside the member's frame too. In each frame the edge wrote the shape of the page a member
  // (or a guest) sees at this path, from the remote that renders it (decision 064).
  root.dataset.firstPaint = signedIn ? 'dashboard' : 'auth';
  // Where the signed-in frame puts its navigation on a large screen, and whether it stretches.
  var layout = settings.themeLayout;
  root.dataset.layout = layout === 'vertical' || layout === 'mini' ? layout : 'horizontal';
  if (settings.themeStretch === true) root.dataset.stretch = '';
  // A signed-in member's pages are pages of figures, and a page's first Intl formatter loads the
  // browser's locale data, the longest task of a dashboard's start-up on a phone
  // (docs/performance.md, "Behind the code"). Chromium's V8 keeps that data for the whole process,
  // the page and its workers alike, so a worker loads it (locale-data.js), off the main thread,
  // while main.js downloads. Elsewhere, or where no worker can start, the portal's formatters load
  // it when first built (shared/src/i18n/format.ts).
  if (signedIn && window.Worker) {
    try {
      new Worker('/locale-data.js').postMessage(language);
    } catch {
      // (The formatters load the data themselves.)
    }
  }
  // A signed-in member's page starts by asking the API the same things. A script of its own sends
  // those requests while main.js downloads (decision 019); asked for from here, it is fetched only
  // by the pages that use it, and the sign-in pages do not carry its bytes.
  if (signedIn && path.indexOf('/dashboard') === 0) {
    var startUpRequests = document.createElement('script');
    startUpRequests.src = '/start-up-requests.js';
    document.head.appendChild(startUpRequests);
  }
})();
