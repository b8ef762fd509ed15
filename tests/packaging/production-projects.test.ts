/**
 * What the production builds emit: every library and service compiles its `tsconfig.json` into
 * `dist/`, and that output must hold no test files and nothing that reaches for the test kit or
 * jest. The answer comes from TypeScript's own reading of each project (its file list, its
 * emitted file names, each file's imports), so it holds for a fresh clone with no `dist/` yet.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');

/** Workspaces that are tests or tooling, not shipped: everything else is a production project. */
const NOT_SHIPPED = new Set(['tests', 'loadtests', 'console', 'packages/testkit']);

/** Module names that belong to tests only. */
const TEST_ONLY_MODULE = /^(@modelgate\/testkit(\/.*)?|jest|@jest\/.*|@types\/jest|@modelgate\/[a-z-]+\/testing)$/;

/** File names that are tests or test helpers. */
const TEST_FILE = /(\.test|\.test-support|\.contract)\.(ts|js|d\.ts)$|\/(testing|test-support|__tests__)\//;

function productionWorkspaces(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  return manifest.workspaces.filter((workspace) => !NOT_SHIPPED.has(workspace));
}

function readProject(workspace: string): ts.ParsedCommandLine {
  const configPath = join(ROOT, workspace, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`${configPath} could not be read`);
  return parsed;
}

function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return [...info.importedFiles, ...info.typeReferenceDirectives].map((reference) => reference.fileName);
}

/** The problems of one production project, as readable lines (empty when it is clean). */
function problemsOf(workspace: string): string[] {
  const project = readProject(workspace);
  const problems: string[] = [];
  const types = project.options.types;
  if (types === undefined) problems.push('compilerOptions.types is unset, so every @types package (jest too) is loaded');
  for (const name of types ?? []) if (TEST_ONLY_MODULE.test(name)) problems.push(`compilerOptions.types has ${name}`);
  for (const file of project.fileNames) {
    const shown = relative(ROOT, file);
    for (const output of ts.getOutputFileNames(project, file, false)) {
      if (TEST_FILE.test(output.replaceAll('\\', '/'))) problems.push(`emits ${relative(ROOT, output)}`);
    }
    for (const name of importsOf(file)) {
      if (TEST_ONLY_MODULE.test(name)) problems.push(`${shown} imports ${name}`);
      if (name.startsWith('.') && TEST_FILE.test(`${join(dirname(file), name)}.ts`)) problems.push(`${shown} imports ${name}`);
    }
  }
  return problems;
}

describe('production build output', () => {
  const workspaces = productionWorkspaces();

  it('covers every library and service', () => {
    expect(workspaces).toEqual(expect.arrayContaining(['packages/runtime', 'packages/db', 'services/relay', 'operator']));
    expect(workspaces).not.toContain('packages/testkit');
  });

  it.each(workspaces)('%s ships no tests, no test helpers, no testkit or jest import', (workspace) => {
    expect(problemsOf(workspace)).toEqual([]);
  });

  it('the runtime library imports no other workspace (its bus is generic over a registry)', () => {
    const runtime = readProject('packages/runtime');
    const workspaceImports = runtime.fileNames.flatMap((file) =>
      importsOf(file)
        .filter((name) => name.startsWith('@modelgate/'))
        .map((name) => `${relative(ROOT, file)} imports ${name}`),
    );
    expect(workspaceImports).toEqual([]);
  });

  it('the check sees a test file that a project would emit', () => {
    const project = readProject('packages/runtime');
    const testFile = project.fileNames[0]!.replace(/\.ts$/, '.test.ts');
    const outputs = ts.getOutputFileNames({ ...project, fileNames: [...project.fileNames, testFile] }, testFile, false);
    expect(outputs.some((output) => TEST_FILE.test(output))).toBe(true);
  });

  it('the test kit is where the fakes and harnesses live', () => {
    const testkit = readProject('packages/testkit');
    expect(testkit.options.types).toEqual(expect.arrayContaining(['jest']));
    const sources = testkit.fileNames.map((file) => relative(join(ROOT, 'packages/testkit/src'), file));
    expect(sources).toEqual(expect.arrayContaining(['db/index.ts', 'bus-contract/index.ts', 'kube/index.ts']));
  });
});
