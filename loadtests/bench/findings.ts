/**
 * The one hand-written part of the generated report: the explanation of a missed target (why,
 * and what the profile showed). It sits between two markers in docs/benchmarks.md and is
 * carried over each time the rest of the file is regenerated, so a finding is not lost to the
 * next run.
 */
export const FINDINGS_START = '<!-- findings:start (hand-written; kept when npm run bench rewrites this file) -->';
export const FINDINGS_END = '<!-- findings:end -->';

const EMPTY = '_None recorded. When a target is missed, explain why here (see benchmarking.md, "When a target is missed")._';

/** The findings text of an existing report, or null when it has none. */
export function extractFindings(markdown: string): string | null {
  const start = markdown.indexOf(FINDINGS_START);
  const end = markdown.indexOf(FINDINGS_END, start);
  if (start < 0 || end < 0) return null;
  const text = markdown.slice(start + FINDINGS_START.length, end).trim();
  return text === '' || text === EMPTY ? null : text;
}

/** The findings section, with the given text or the placeholder. */
export function findingsSection(text: string | null): string[] {
  return ['## Findings', '', FINDINGS_START, text ?? EMPTY, FINDINGS_END];
}
