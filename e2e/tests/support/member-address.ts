/**
 * A member's browser at an address of its own. Members of the canary journeys each reach the
 * portal from a different loopback address (127.0.0.N), as members at home each have theirs: the
 * receiver's and the edge's per-address limits, and the walk's count of distinct reporters, see
 * them as different clients. A small CONNECT proxy per member opens its connections from that
 * address (the whole 127.0.0.0/8 is this machine's); the browser context goes through it.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from '@playwright/test';

export interface MemberAddress {
  /** The address the portal sees this member at. */
  address: string;
  newContext(browser: Browser): Promise<BrowserContext>;
  close(): Promise<void>;
}

export async function memberAddress(address: string): Promise<MemberAddress> {
  const server = http.createServer((_request, response) => response.writeHead(405).end());
  const sockets = new Set<net.Socket>();
  server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const [host, port] = (request.url ?? '').split(':');
    // IPv4 only: the connection leaves from an IPv4 address.
    const upstream = net.connect({ host, port: Number(port), localAddress: address, family: 4 }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address,
    // `<-loopback>`: the portal is on this machine, which browsers otherwise reach without a proxy.
    newContext: (browser) =>
      browser.newContext({ proxy: { server: `http://127.0.0.1:${port}`, bypass: '<-loopback>' } }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
