import { extractFindings, FINDINGS_END, FINDINGS_START, findingsSection } from './findings';

describe('findings', () => {
  it('round-trips the hand-written text through a regenerated report', () => {
    const written = ['# Benchmark results', '', ...findingsSection('Streaming misses: JSON.parse per chunk.'), ''].join('\n');
    expect(extractFindings(written)).toBe('Streaming misses: JSON.parse per chunk.');
  });

  it('treats the placeholder, a missing or an empty block as no findings', () => {
    expect(extractFindings(findingsSection(null).join('\n'))).toBeNull();
    expect(extractFindings('# Benchmark results\n')).toBeNull();
    expect(extractFindings(`${FINDINGS_START}\n\n${FINDINGS_END}`)).toBeNull();
  });
});
