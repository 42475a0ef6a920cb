// The size of a resource as the server sends it in one encoding. Browsers are sent Brotli; the
// budgets (perf/budgets.json) are counted in gzip, so the perf benchmark and the budget test ask
// again for each script the page loaded, in gzip only.
const { edgeDispatcher } = require('./local-tls.cjs');

/**
 * @param {string} url  over TLS from the edge (its local certificate trusted), or plain HTTP
 * @param {string} acceptEncoding  the request's Accept-Encoding, e.g. 'gzip'
 * @returns {Promise<{ bytes: number, encoding: string }>}  body bytes as sent and their encoding
 */
async function encodedSize(url, acceptEncoding) {
  // undici's `request`, unlike `fetch`, leaves the body as it was sent.
  const { request } = require('undici');
  const response = await request(url, {
    headers: { 'accept-encoding': acceptEncoding },
    dispatcher: edgeDispatcher(),
  });
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new Error(`${url} answered ${response.statusCode}`);
  }
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  const encoding = response.headers['content-encoding'];
  return { bytes, encoding: typeof encoding === 'string' ? encoding : 'identity' };
}

module.exports = { encodedSize };
