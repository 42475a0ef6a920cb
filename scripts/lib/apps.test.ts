import path from 'node:path';

const PORT_VARIABLES = [
  'API_PORT',
  'SHELL_PORT',
  'MF_AUTH_PORT',
  'MF_POINTS_PORT',
  'MF_PROFILE_PORT',
  'TELEMETRY_PORT',
  'PROMETHEUS_PORT',
];

/** The ports table as it reads with no port variable set: everyone's defaults. */
function defaultPorts(): Record<string, number> {
  const saved = { ...process.env };
  for (const name of PORT_VARIABLES) delete process.env[name];
  try {
    let ports: Record<string, number> = {};
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- read afresh with this environment
      ports = (require(path.join(__dirname, 'apps.cjs')) as { ports: Record<string, number> }).ports;
    });
    return ports;
  } finally {
    process.env = saved;
  }
}

test("no default port is another server's default", () => {
  const ports = defaultPorts();
  // The release journeys' stack takes the five ports after the shell's four-app block
  // (e2e/tests/release/release-stack.ts), and Debian's `prometheus` package starts its own
  // service on 9090 once installed.
  const releaseStack = [4, 5, 6, 7, 8].map((offset) => ports.shell! + offset);
  const taken = [...Object.values(ports), ...releaseStack, 9090];
  expect(new Set(taken).size).toBe(taken.length);
});
