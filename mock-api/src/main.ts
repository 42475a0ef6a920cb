import { createApp } from './app';
import { optionsFromEnvironment } from './env';

async function main(): Promise<void> {
  const { port, host, ...options } = optionsFromEnvironment();
  const api = await createApp(options);
  // Loopback by default (API_HOST): the edge and the development server's proxy reach it at
  // 127.0.0.1, and nothing else on the network can.
  const server = await api.listen(port, host);
  console.log(
    `Mock API on ${server.url} (data: ${options.dataDir}${options.now ? `, clock fixed at ${options.now}` : ''}; ${options.devRoutes ? '/api/dev/* mounted, for development and tests only' : 'no /api/dev routes'})`,
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
