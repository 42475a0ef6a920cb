// Unit and component tests. Browser code runs in jsdom; the mock API and release tooling in node.
// The remotes come from the registry (remotes.json).
const { remotes } = require('./scripts/lib/apps.cjs');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  transform: {
    '^.+\\.(t|j|mj)sx?$': swc,
    '^.+\\.svg$': '<rootDir>/shared/src/testing/file-url-transform.cjs',
  },
  // ky and cookie 2 (fastify's request injection, in the receiver's tests) are published as ESM
  // only, and bwip-js's per-symbology exports exist only in its ESM build: let swc turn them into
  // CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!(ky|cookie|bwip-js)/)(?!light-my-request/node_modules/cookie/)'],
  // The browser build the apps import, in its ESM form (its CommonJS form exports no encoders).
  moduleNameMapper: { '^bwip-js/browser$': '<rootDir>/node_modules/bwip-js/dist/bwip-js.mjs' },
  // Only `*.test.ts(x)` files: `scripts/test/test.mjs` is the test *runner*, not a test.
  testMatch: ['**/*.test.[jt]s?(x)'],
  // Generous: the suites share two cores with builds and browsers; a slow machine is not a failure.
  testTimeout: 30_000,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'svg'],
};

module.exports = {
  // Jest reads the time-out from the root configuration only; within `projects` it is ignored.
  testTimeout: common.testTimeout,
  // One worker per core: jest's default keeps a core for its main process, which sits idle while
  // the workers run, so on a two-core machine it ran one suite at a time (docs/performance.md).
  maxWorkers: '100%',
  projects: [
    {
      ...common,
      displayName: 'web',
      testEnvironment: '<rootDir>/shared/src/testing/jsdom-with-fetch-environment.cjs',
      roots: ['shared', 'shell', ...remotes.map((remote) => remote.pkg)].map((folder) => `<rootDir>/${folder}`),
      setupFilesAfterEnv: ['<rootDir>/shared/src/testing/jest-setup.ts'],
    },
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      roots: [
        '<rootDir>/mock-api',
        '<rootDir>/release',
        '<rootDir>/scripts',
        '<rootDir>/telemetry',
        '<rootDir>/webpack',
      ],
    },
  ],
};
