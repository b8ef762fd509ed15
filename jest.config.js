// One jest run for the whole tree: unit tests next to the code and whole-stack tests in tests/.
// Workspaces resolve to their TypeScript sources, so tests need no build; the whole-stack tests
// start the built services (`npm test` builds first).
const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTransform, '^.+\\.m?js$': swcTransform },
  // @kubernetes/client-node 1.x and its openid-client, jose and oauth4webapi are ESM-only, and
  // jest cannot require() ESM on Node 20: those packages are compiled to CommonJS with swc.
  transformIgnorePatterns: ['/node_modules/(?!(@kubernetes/client-node|openid-client|oauth4webapi|jose)/)'],
  moduleNameMapper: {
    '^@modelgate/operator$': '<rootDir>/operator/src',
    '^@modelgate/operator/(.+)$': '<rootDir>/operator/src/$1',
    // Libraries live in packages/, services in services/: a name resolves to whichever holds it.
    '^@modelgate/([a-z-]+)$': ['<rootDir>/packages/$1/src', '<rootDir>/services/$1/src'],
    '^@modelgate/([a-z-]+)/(.+)$': ['<rootDir>/packages/$1/src/$2', '<rootDir>/services/$1/src/$2'],
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

// The console: React components in a browser-like DOM (jsdom with the platform's fetch, so the
// HTTP mocks of msw answer the real RTK Query calls). CSS imports are stubbed.
const consoleTransform = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const consoleProject = {
  displayName: 'console',
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { customExportConditions: [''] },
  roots: ['<rootDir>/console/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.(ts|tsx)$': consoleTransform, '^.+\\.m?js$': consoleTransform },
  transformIgnorePatterns: ['/node_modules/(?!(marked|until-async|rettime)/).+\\.c?js$'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/console/test-support/style-stub.cjs',
    '^@modelgate/channel-types$': '<rootDir>/packages/channel-types/src/index.ts',
    '^@modelgate/contracts/api-bounds$': '<rootDir>/packages/contracts/src/api-bounds.ts',
    '^@modelgate/contracts/options$': '<rootDir>/packages/contracts/src/options/index.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/console/test-support/setup.ts'],
  // A page test renders the whole screen in jsdom; on a busy 2-core machine that takes seconds.
  testTimeout: 30_000,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

module.exports = {
  projects: [
    consoleProject,
    { ...shared, displayName: 'unit', roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/operator', '<rootDir>/loadtests'], testMatch: ['**/*.test.ts'] },
    { ...shared, displayName: 'stack', roots: ['<rootDir>/tests'], testMatch: ['**/*.test.ts'] },
  ],
};
