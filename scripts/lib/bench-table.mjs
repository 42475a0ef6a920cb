// Runs load scenarios with autocannon one after the other and prints one line each: requests/s,
// p99 latency and the answers that were not 2xx. The `bench:*` scripts share it.
import os from 'node:os';
import autocannon from 'autocannon';

/** Each scenario is autocannon's options plus a `name` for its line. */
export async function benchScenarios(scenarios, { connections = 50, duration = 10 } = {}) {
  console.log(
    `autocannon, ${connections} connections, ${duration} s each, Node ${process.version}, ${os.cpus().length} CPUs`,
  );
  console.log('scenario                          requests/s   p99 (ms)   non-2xx');
  for (const { name, ...scenario } of scenarios) {
    const result = await autocannon({ ...scenario, connections, duration });
    console.log(
      `${name.padEnd(34)}${result.requests.average.toFixed(0).padStart(10)}${String(result.latency.p99).padStart(11)}${String(result.non2xx + result.errors).padStart(10)}`,
    );
  }
}
