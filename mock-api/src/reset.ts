import fs from 'node:fs';
import path from 'node:path';
import { createApp } from './app';
import { optionsFromEnvironment } from './env';
import { DATA_FILE_NAME } from './store/store';
import { SECRET_FILE_NAME } from './auth/secret';

/**
 * `npm run mock:reset`: throws the data and the generated signing secret away and seeds again, so
 * no token from before the reset (a logged-out one included) works afterwards.
 */
async function reset(): Promise<void> {
  const { port: _port, host: _host, ...options } = optionsFromEnvironment();
  fs.rmSync(path.join(options.dataDir, DATA_FILE_NAME), { force: true });
  fs.rmSync(path.join(options.dataDir, SECRET_FILE_NAME), { force: true });
  await createApp({ ...options, log: () => undefined });
  console.log(`Reseeded ${path.join(options.dataDir, DATA_FILE_NAME)}`);
}

reset().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
