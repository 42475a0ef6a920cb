// The size of a resource as the server sends it in one encoding. Browsers are sent Brotli; the
// budgets (perf/budgets.json) are counted in gzip, so the perf benchmark and the budget test ask
// again for each script the page loaded, in gzip only.
const { readFileSync } = require('node:fs');
const http = require('node:http');
const https = require('node:https');
const { LOCAL_TLS } = require('./local-tls.cjs');

/**
 * @param {string} url
 * @param {string} acceptEncoding  the request's Accept-Encoding, e.g. 'gzip'
 * @returns {Promise<{ bytes: number, encoding: string }>}  body bytes as sent and their encoding
 */
function encodedSize(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    // The edge serves TLS with the project's local certificate (scripts/lib/local-tls.cjs).
    const overTls = new URL(url).protocol === 'https:';
    const options = { headers: { 'Accept-Encoding': acceptEncoding } };
    (overTls ? https : http)
      .get(url, overTls ? { ...options, ca: readFileSync(LOCAL_TLS.authority) } : options, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`${url} answered ${response.statusCode}`));
          return;
        }
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

module.exports = { encodedSize };
