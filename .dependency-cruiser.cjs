// The layering rules of the house, checked on every `npm test` (after the build, so workspace
// imports resolve to what they compile to):
//   services never import one another (the embedded composition root excepted), packages never
//   import services, the runtime library imports no other workspace, the console imports only the
//   shared contracts and catalogue, the operator no service, and production code no test code
//   (tests, their `*.test-support.ts` helpers, the test kit).
const PRODUCTION = { pathNot: ['\\.test\\.tsx?$', '\\.test-support\\.ts$', '^tests/', '^loadtests/', '^packages/testkit/'] };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-service-imports-a-service',
      comment: 'A service talks to another over gRPC or the bus, never by importing it (services/embedded composes them all).',
      severity: 'error',
      from: { path: '^services/([^/]+)/', pathNot: ['^services/embedded/', ...PRODUCTION.pathNot] },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'no-package-imports-a-service',
      comment: 'Libraries in packages/ serve services; they never depend on one.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^services/' },
    },
    {
      name: 'runtime-imports-no-workspace',
      comment: 'The runtime library is the bottom layer: no other workspace below it.',
      severity: 'error',
      from: { path: '^packages/runtime/', pathNot: PRODUCTION.pathNot },
      to: { path: '^(packages|services|operator|console|tests|loadtests)/', pathNot: '^packages/runtime/' },
    },
    {
      name: 'console-imports-contracts-only',
      comment: 'The browser bundle takes shapes from the contracts and the channel catalogue, nothing server-side.',
      severity: 'error',
      from: { path: '^console/' },
      to: { path: '^(packages|services|operator)/', pathNot: '^packages/(contracts|channel-types)/' },
    },
    {
      name: 'operator-imports-no-service',
      comment: 'The operator reconciles through the /api and the channel catalogue, not through service code.',
      severity: 'error',
      from: { path: '^operator/' },
      to: { path: '^services/' },
    },
    {
      name: 'production-imports-no-test-code',
      comment: 'What ships never loads tests, their fixtures or the whole-stack harnesses.',
      severity: 'error',
      from: { path: '^(packages|services|operator|console)/', pathNot: PRODUCTION.pathNot },
      to: { path: ['\\.test\\.tsx?$', '\\.test-support\\.ts$', '^tests/', '^loadtests/', '^packages/testkit/'] },
    },
    {
      name: 'workspace-imports-resolve',
      comment: 'An @modelgate/ import that does not resolve is a missing dependency or export.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^@modelgate/' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '/dist/'] },
    exclude: { path: ['/generated/'] },
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['types', 'main'],
    },
  },
};
