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
  // Signed in means what the bootstrap's isTokenValid says: a stored token whose `exp` is ahead.
  var path = window.location.pathname;
  var signedIn = false;
  try {
    var token = sessionStorage.getItem('accessToken') || '';
    var payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    signedIn = typeof payload.exp === 'number' && payload.exp * 1000 > Date.now();
  } catch {
    signedIn = false;
  }
  if (path === '/' || path.indexOf('/auth') === 0 || path.indexOf('/dashboard') === 0) {
    root.dataset.firstPaint = signedIn ? 'dashboard' : 'auth';
  }
  // A signed-in member's pages are pages of figures, and a page's first Intl number formatter
  // loads the browser's number data: some 25 ms on a desktop, four times that on a phone. Asked
  // for here, in a task of its own, it loads while main.js downloads and the page has nothing
  // else to do, rather than in the start-up after it. The portal's formatters
  // (shared/src/i18n/format.ts) then take a fraction of a millisecond.
  if (signedIn && window.Intl) {
    setTimeout(function () {
      new Intl.NumberFormat(language || undefined).format(0);
    }, 0);
  }
  // A signed-in member's page starts by asking the API the same things: who the member is and
  // whether they may open the page, and on the dashboard its four figures. Sent from here, they
  // travel while main.js downloads rather than two round trips after it. The configuration's
  // loader and the HTTP client take each answer once, if their own request is exactly the same
  // (shared/src/lib/start-up-responses.ts, decision 019). The addresses are those of the API
  // functions the start-up calls (getCurrentUser, checkPermissions, getBalance, getPendingPoints,
  // fetchTiers, getTransactions): shell/src/start-up-requests.test.ts runs this script, then those
  // calls, and fails if one of them is not served from here; an e2e test does the same in Chromium.
  if (signedIn && path.indexOf('/dashboard') === 0 && window.fetch && window.performance) {
    var sent = (window.__startUpRequests = []);
    var send = function (method, address, authorization, body, init) {
      var request = new Request(new URL(address, window.location.href).href, init);
      var response = fetch(request);
      response.catch(function () {});
      sent.push({
        method: method,
        url: request.url,
        authorization: authorization,
        body: body,
        sentAt: performance.now(),
        response: response,
      });
      return response;
    };
    var authorization = 'Bearer ' + token;
    var ask = function (api, method, address, body) {
      var headers = { Authorization: authorization };
      if (body) headers['Content-Type'] = 'application/json';
      send(method, api + address, authorization, body || null, { method: method, headers: headers, body: body });
    };
    send('GET', '/config.json', null, null, { cache: 'no-store' })
      .then(function (response) {
        return response.clone().json();
      })
      .then(function (config) {
        var api = String(config.HOST_API).replace(/\/+$/, '');
        ask(api, 'GET', '/api/auth/me');
        ask(api, 'POST', '/api/user/check-permissions', JSON.stringify({ path: path }));
        if (/^\/dashboard\/*$/.test(path)) {
          ask(api, 'GET', '/api/user/points/balance');
          ask(api, 'GET', '/api/user/points/pending');
          ask(api, 'GET', '/api/auth/fetch-tiers');
          ask(api, 'GET', '/api/user/transactions/all?pageSize=5');
        }
      })
      .catch(function () {});
  }
})();
