// Child process of store.test.ts: writes to the store as fast as it can until it is killed.
import { openStore } from '../store/store';
import { buildSeed } from '../store/seed';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: write-forever <dataDir>');
const store = openStore(dataDir, () => buildSeed('scrypt$1024$8$1$c2FsdA==$aGFzaA==', '2026-01-15'));
let round = 0;
process.send?.('ready');
for (;;) {
  store.transact((data) => {
    round += 1;
    // Vary the size so a torn write would show as broken JSON.
    data.outbox.push({
      to: `round${round}@example.com`,
      subject: 'x'.repeat(round % 5000),
      body: String(round),
      sentAt: '',
    });
    if (data.outbox.length > 50) data.outbox.splice(0, 25);
  });
}
