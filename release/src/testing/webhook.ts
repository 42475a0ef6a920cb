import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: unknown;
}

/** A webhook on an ephemeral port: records what it is sent, answers as `answer` says. */
export async function webhookServer(
  answer: (request: IncomingMessage, response: ServerResponse) => void = okAnswer,
  path = '/hooks/release',
) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        contentType: request.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
      });
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function okAnswer(_request: IncomingMessage, response: ServerResponse) {
  response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
}
