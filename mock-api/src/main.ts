import { createApp } from './app';
import { optionsFromEnvironment } from './env';

async function main(): Promise<void> {
  const { port, ...options } = optionsFromEnvironment();
  const api = await createApp(options);
  // Every interface, so both localhost (often ::1) and 127.0.0.1 reach it; IPv4 only where the
  // machine has no IPv6.
  const server = await api.listen(port, '::').catch(() => api.listen(port, '0.0.0.0'));
  console.log(
    `Mock API on http://localhost:${server.port} (data: ${options.dataDir}${options.now ? `, clock fixed at ${options.now}` : ''}; ${options.devRoutes ? '/api/dev/* mounted, for development and tests only' : 'no /api/dev routes'})`,
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
