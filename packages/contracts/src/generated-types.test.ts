import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const contractsRoot = path.resolve(__dirname, '..');
const committed = path.join(__dirname, 'generated');

/** Every file below `dir`, relative and sorted, with its contents. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(dir, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

describe('generated types', () => {
  let fresh: string;

  beforeAll(() => {
    fresh = mkdtempSync(path.join(tmpdir(), 'modelgate-contracts-check-'));
    execFileSync(process.execPath, [path.join(contractsRoot, 'scripts/generate-types.mjs'), '--out', fresh], {
      stdio: 'pipe',
    });
  }, 60_000);

  afterAll(() => rmSync(fresh, { recursive: true, force: true }));

  it('are current with the protos (run `npm run proto:gen` if this fails)', () => {
    const expected = snapshot(fresh);
    const actual = snapshot(committed);
    expect([...actual.keys()]).toEqual([...expected.keys()]);
    for (const [file, text] of expected) {
      expect({ file, text: actual.get(file) }).toEqual({ file, text });
    }
  });
});
