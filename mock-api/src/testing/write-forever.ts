// Child process of store.test.ts: writes to the store as fast as it can until it is killed, and
// tells its parent each round that was acknowledged (its transaction returned).
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { openStore } from '../store/store';
import { buildSeed } from '../store/seed';

const [dataDir, compactAtBytes] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: write-forever <dataDir> [compactAtBytes]');
const store = openStore(dataDir, () => buildSeed('scrypt$1024$8$1$c2FsdA==$aGFzaA==', '2026-01-15'), {
  // Small, so that compactions run (in the background) between the writes.
  compactAtBytes: compactAtBytes ? Number(compactAtBytes) : undefined,
});
let round = 0;
process.send?.('ready');

async function writeForever(): Promise<never> {
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
    process.send?.(round);
    // Lets the background compaction (and the messages) go on between writes.
    if (round % 10 === 0) await yieldToEvents();
  }
}
void writeForever();
