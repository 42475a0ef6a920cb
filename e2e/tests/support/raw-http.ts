import net from 'node:net';
import tls from 'node:tls';

export interface RawAnswer {
  /** The status line, or empty when none came. */
  statusLine: string;
  /** The status code, or null when no answer came. */
  status: number | null;
  /** How the connection ended: the server closed it, reset it, or the test gave up waiting. */
  ended: 'closed' | 'reset' | 'gave up';
  ms: number;
}

/**
 * Sends `request` as it is on a socket of its own to `origin`: HTTP clients normalise paths and
 * refuse malformed request lines, so requests an attacker writes by hand need a raw socket. Sends
 * `parts` one after the other `pauseMs` apart (a slow body), and waits at most `waitMs` for the end.
 */
export function rawRequest(
  origin: string,
  parts: string | Array<string | Buffer>,
  { waitMs = 5_000, pauseMs = 0 }: { waitMs?: number; pauseMs?: number } = {},
): Promise<RawAnswer> {
  const { protocol, hostname, port } = new URL(origin);
  const started = Date.now();
  return new Promise((resolve) => {
    // Over TLS (the edge) as over plain HTTP: the request's bytes go as written once the handshake
    // is done (the socket buffers them until then). Without ALPN the edge speaks HTTP/1.1, whose
    // request line an attacker can bend.
    const socket =
      protocol === 'https:'
        ? tls.connect({ port: Number(port), host: hostname, servername: net.isIP(hostname) ? undefined : hostname })
        : net.connect(Number(port), hostname);
    let received = '';
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (ended: RawAnswer['ended']) => {
      if (settled) return;
      settled = true;
      timers.forEach(clearTimeout);
      socket.destroy();
      const statusLine = received.split('\r\n')[0] ?? '';
      const status = /^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1];
      resolve({ statusLine, status: status ? Number(status) : null, ended, ms: Date.now() - started });
    };
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('close', () => finish('closed'));
    socket.on('error', () => finish('reset'));
    (Array.isArray(parts) ? parts : [parts]).forEach((part, index) =>
      timers.push(setTimeout(() => socket.writable && socket.write(part), index * pauseMs)),
    );
    timers.push(setTimeout(() => finish('gave up'), waitMs));
  });
}

/** A GET request line and the least a server needs with it. */
export const get = (target: string, headers = '') =>
  `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`;
