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
  transform: { '^.+\\.ts$': swcTransform },
  moduleNameMapper: {
    '^@modelgate/operator$': '<rootDir>/operator/src',
    '^@modelgate/operator/(.+)$': '<rootDir>/operator/src/$1',
    '^@modelgate/([a-z-]+)$': '<rootDir>/services/$1/src',
    '^@modelgate/([a-z-]+)/(.+)$': '<rootDir>/services/$1/src/$2',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

module.exports = {
  projects: [
    { ...shared, displayName: 'unit', roots: ['<rootDir>/services', '<rootDir>/operator', '<rootDir>/loadtests'], testMatch: ['**/*.test.ts'] },
    { ...shared, displayName: 'stack', roots: ['<rootDir>/tests'], testMatch: ['**/*.test.ts'] },
  ],
};
