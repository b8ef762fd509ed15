/**
 * The k6 scripts are plain JavaScript that only k6 runs (no k6 binary exists on CI machines),
 * so their one safety net is the type check against @types/k6 that tsconfig.json here sets up.
 * This test runs it, making a wrong k6 API call or option a failed CI run.
 */
import path from 'node:path';
import ts from 'typescript';

const CONFIG = path.join(__dirname, 'tsconfig.json');

function loadConfig(): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(CONFIG, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${CONFIG}`);
  return parsed;
}

/** Type-checks the scripts, plus in-memory `extra` files, and returns readable diagnostics. */
function check(extra: Record<string, string> = {}): string[] {
  const config = loadConfig();
  const host = ts.createCompilerHost(config.options);
  const virtual = new Map(Object.entries(extra).map(([name, text]) => [path.join(__dirname, name), text]));
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    virtual.has(name) ? ts.createSourceFile(name, virtual.get(name)!, language) : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name) ?? readFile.call(host, name);
  const program = ts.createProgram({ rootNames: [...config.fileNames, ...virtual.keys()], options: config.options, host });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${path.relative(__dirname, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('k6 scripts', () => {
  it('are all covered by the type check', () => {
    const files = loadConfig().fileNames.map((name) => path.relative(__dirname, name)).sort();
    expect(files).toEqual(['chat-stream.js', 'chat.js', 'embeddings.js', 'lib/config.js', 'soak.js']);
  });

  it('type-check against @types/k6 without a diagnostic', () => {
    expect(check()).toEqual([]);
  });

  it('would catch a misused k6 API', () => {
    const diagnostics = check({
      'misuse.js': "import http from 'k6/http';\n/** @type {import('k6/options').Options} */\nexport const options = { vus: 'ten' };\nhttp.post(42);\n",
    });
    expect(diagnostics.some((d) => d.startsWith('misuse.js:3'))).toBe(true);
    expect(diagnostics.some((d) => d.startsWith('misuse.js:4'))).toBe(true);
  });
});
