// The lint step of `npm test` fails on a violation: the dependency rules of .dependency-cruiser.cjs
// run over a small tree laid out like this one, with one deliberate violation of each rule, and
// ESLint's house rules over probe files.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

jest.setTimeout(60_000);

const run = promisify(execFile);
const ROOT = resolve(__dirname, '..', '..');
const DEPCRUISE = join(ROOT, 'node_modules', '.bin', 'depcruise');
const ESLINT = join(ROOT, 'node_modules', '.bin', 'eslint');

/** Each rule and a file that breaks it (path → source), importing across the layers by relative path. */
const VIOLATIONS: Record<string, [string, string]> = {
  'no-service-imports-a-service': ['services/billing/src/settle.ts', "import { relay } from '../../relay/src/relay';\nexport const x = relay;\n"],
  'no-package-imports-a-service': ['packages/pricing/src/price.ts', "import { relay } from '../../../services/relay/src/relay';\nexport const y = relay;\n"],
  'runtime-imports-no-workspace': ['packages/runtime/src/bus.ts', "import { table } from '../../db/src/table';\nexport const z = table;\n"],
  'console-imports-contracts-only': ['console/src/page.ts', "import { route } from '../../services/edge/src/route';\nexport const w = route;\n"],
  'operator-imports-no-service': ['operator/src/reconcile.ts', "import { relay } from '../../services/relay/src/relay';\nexport const v = relay;\n"],
  'production-imports-no-test-code': ['services/relay/src/handler.ts', "import { fixture } from '../../../tests/support/fixture';\nexport const u = fixture;\n"],
};
/** What the violations import, each harmless on its own. */
const TARGETS: Record<string, string> = {
  'services/relay/src/relay.ts': 'export const relay = 1;\n',
  'services/edge/src/route.ts': 'export const route = 1;\n',
  'packages/db/src/table.ts': 'export const table = 1;\n',
  'tests/support/fixture.ts': 'export const fixture = 1;\n',
};

async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, source] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), source);
  }
}

async function cruise(root: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(DEPCRUISE, ['packages', 'services', 'operator', 'console', 'tests', '--config', join(ROOT, '.dependency-cruiser.cjs')], { cwd: root });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

describe('dependency rules', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'layering-'));
    await writeTree(root, { ...TARGETS, 'tsconfig.depcruise.json': '{ "compilerOptions": {} }\n' });
    for (const layer of ['operator', 'console']) await mkdir(join(root, layer), { recursive: true });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('passes a tree whose imports stay in their layers', async () => {
    await writeTree(root, { 'services/relay/src/handler.ts': "import { relay } from './relay';\nexport const ok = relay;\n" });
    const result = await cruise(root);
    expect(result.output).toContain('no dependency violations found');
    expect(result.code).toBe(0);
  });

  it('fails on one deliberate violation of each rule, naming the rule', async () => {
    await writeTree(root, Object.fromEntries(Object.values(VIOLATIONS)));
    const result = await cruise(root);
    expect(result.code).toBe(Object.keys(VIOLATIONS).length);
    for (const [rule, [path]] of Object.entries(VIOLATIONS)) expect(result.output).toMatch(new RegExp(`error ${rule}: ${path}`));
  });
});

describe('ESLint house rules', () => {
  /** The rules a file at `path` with this source breaks, as `eslint` (the CLI of `npm run lint`) reports them. */
  const problems = async (path: string, source: string): Promise<string[]> => {
    const lint = run(ESLINT, ['--format', 'json', '--stdin', '--stdin-filename', join(ROOT, path)], { cwd: ROOT });
    lint.child.stdin!.end(source);
    const stdout = await lint.then(
      (ok) => ok.stdout,
      (failed: { stdout: string }) => failed.stdout,
    );
    return (JSON.parse(stdout) as Array<{ messages: Array<{ ruleId: string }> }>)[0]!.messages.map((m) => m.ruleId);
  };

  it('refuses a source file over 400 lines', async () => {
    const lines = Array.from({ length: 401 }, (_, i) => `export const v${i} = ${i};`).join('\n');
    expect(await problems('services/relay/src/too-long.ts', lines)).toContain('max-lines');
    expect(await problems('services/relay/src/just-fits.ts', lines.split('\n').slice(1).join('\n'))).toEqual([]);
  });

  it('refuses unused variables and duplicate imports', async () => {
    const source = "import { a } from './x';\nimport { b } from './x';\nconst unused = a + b;\n";
    expect(await problems('packages/pricing/src/probe.ts', source)).toEqual(expect.arrayContaining(['import-x/no-duplicates', '@typescript-eslint/no-unused-vars']));
  });

  it('lets the console take only types from the /api contract', async () => {
    const value = "import { tokenJson } from '@modelgate/contracts/api';\nexport const schema = tokenJson;\n";
    expect(await problems('console/src/features/probe.ts', value)).toEqual(['@typescript-eslint/no-restricted-imports']);
    const types = "import type { TokenJson } from '@modelgate/contracts/api';\nexport type Token = TokenJson;\n";
    expect(await problems('console/src/features/probe.ts', types)).toEqual([]);
  });
});
