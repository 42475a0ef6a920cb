import fs from 'node:fs';
import path from 'node:path';
import { createApp } from './app';
import { optionsFromEnvironment } from './env';
import { DATA_FILE_NAME } from './store/store';

/** `npm run mock:reset`: throws the data away and seeds it again. The signing secret is kept. */
async function reset(): Promise<void> {
  const { port: _port, ...options } = optionsFromEnvironment();
  fs.rmSync(path.join(options.dataDir, DATA_FILE_NAME), { force: true });
  await createApp({ ...options, log: () => undefined });
  console.log(`Reseeded ${path.join(options.dataDir, DATA_FILE_NAME)}`);
}

reset().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
