// Writes the receivers' key (TELEMETRY_PASS_SECRET) as the file a server's edge includes
// (edge/environments.json, `reporterSecretFile`; decision 071), readable by its owner alone, so
// that the key never sits in edge/dist beside the configuration.
//
//   TELEMETRY_PASS_SECRET=… node scripts/edge/write-reporter-secret.mjs /etc/nginx/loyalty-reporter-secret.conf
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { reporterSecretMap } from './nginx-config.mjs';
import { REPORTER_SECRET_FILE } from './production.mjs';

const file = path.resolve(process.argv[2] ?? REPORTER_SECRET_FILE);
let text;
try {
  text = `${reporterSecretMap(process.env.TELEMETRY_PASS_SECRET)}\n`;
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const temporary = `${file}.${process.pid}.tmp`;
writeFileSync(temporary, text, { mode: 0o600 });
renameSync(temporary, file);
console.log(`${file}: written; reload nginx to use it`);
