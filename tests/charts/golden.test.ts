import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CI_VALUES, ensureHelm, templateText } from './support/helm';

// Golden files: the whole rendered output of each CI values file, so every change to the chart
// shows up in review as a diff of what a cluster would receive. Regenerate with
//   UPDATE_GOLDEN=1 npx jest tests/charts/golden.test.ts

const GOLDEN_DIR = path.join(__dirname, 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

/** The generated session and gRPC secrets differ on every render; everything else is deterministic. */
function normalise(text: string): string {
  return text
    .replace(/^(\s+SESSION_SECRET: )\S+$/m, '$1<generated once, then kept by lookup>')
    .replace(/^(\s+GRPC_SECRET: )\S+$/m, '$1<generated once, then kept by lookup>');
}

beforeAll(() => ensureHelm(), 120_000);

describe.each(CI_VALUES)('golden rendering of ci/$name-values.yaml', ({ name, file }) => {
  it('matches tests/charts/golden', () => {
    const result = templateText(file);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const actual = normalise(result.stdout);
    const goldenFile = path.join(GOLDEN_DIR, `${name}.yaml`);
    if (update || !existsSync(goldenFile)) {
      if (!update) throw new Error(`${goldenFile} is missing: run with UPDATE_GOLDEN=1 to write it`);
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(goldenFile, actual);
      return;
    }
    expect(actual).toBe(readFileSync(goldenFile, 'utf8'));
  });
});
