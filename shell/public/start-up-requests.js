// A signed-in member's page starts by asking the API the same things: who the member is and
// whether they may open the page, and on the dashboard its four figures. theme-init.js loads this
// script on such a page; it sends those requests while main.js downloads, rather than two round
// trips after it (decisions 019 and 020).
//
// The configuration's loader takes the configuration fetched here, and the start-up's queries take
// an answer only for the very same request (shared/src/api/start-up-answers.ts), once, into the
// query cache. The addresses are those of the queries the start-up asks for (the member, the
// page's permission, the dashboard's balance, pending points, tiers and latest transactions):
// shell/src/start-up-requests.test.ts runs this script and then those queries, and fails if one
// of them is not served from here; an e2e test does the same in Chromium.
(function () {
  // The application has started already (a script from the cache can run after main.js): it
  // sends its own requests, and answers sent from here would come after them.
  if (window.__startUpConfig !== undefined || !window.fetch) return;
  var path = window.location.pathname;
  var absolute = function (address) {
    return new URL(address, window.location.href).href;
  };
  var sent = (window.__startUpRequests = []);
  var send = function (address, init, authorization) {
    var request = new Request(absolute(address), init);
    var response = fetch(request);
    response.catch(function () {});
    sent.push({
      method: request.method,
      url: request.url,
      authorization: authorization,
      body: init.body || null,
      sentAt: performance.now(),
      response: response,
    });
  };
  var config = (window.__startUpConfig = fetch(absolute('/config.json'), { cache: 'no-store' }));
  config.catch(function () {});
  config
    .then(function (response) {
      return response.clone().json();
    })
    .then(function (config) {
      var api = String(config.HOST_API).replace(/\/+$/, '') + '/api/';
      var authorization = 'Bearer ' + sessionStorage.getItem('accessToken');
      var get = { headers: { Authorization: authorization } };
      send(api + 'auth/me', get, authorization);
      send(
        api + 'user/check-permissions',
        {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify({ path: path }),
        },
        authorization,
      );
      if (/^\/dashboard\/*$/.test(path)) {
        ['user/points/balance', 'user/points/pending', 'auth/fetch-tiers', 'user/transactions/all?pageSize=5'].forEach(
          function (address) {
            send(api + address, get, authorization);
          },
        );
      }
    })
    .catch(function () {});
})();
