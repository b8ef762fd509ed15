/** Column alignment: text left, numbers right. */
export type Align = 'left' | 'right';

/**
 * A Markdown pipe table whose columns are padded to equal width, so the same text reads well in
 * a terminal and renders as a table in `docs/benchmarks.md`.
 */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[]): string {
  const widths = headers.map((header, column) =>
    Math.max(3, header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const pad = (text: string, column: number) =>
    align[column] === 'right' ? text.padStart(widths[column]!) : text.padEnd(widths[column]!);
  const line = (cells: readonly string[]) => `| ${headers.map((_, c) => pad(cells[c] ?? '', c)).join(' | ')} |`;
  const rule = `| ${widths.map((w, c) => (align[c] === 'right' ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

/** Requests per second, whole, with thousands separators. */
export function formatRps(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** A duration in ms with the precision that matters at its size: 0.41, 12.3, 154. */
export function formatMs(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  const size = Math.abs(value);
  return value.toFixed(size < 10 ? 2 : size < 100 ? 1 : 0);
}

/** A difference in ms with its sign: +0.12, −0.03. */
export function formatSignedMs(value: number | null): string {
  if (value === null) return '–';
  return `${value < 0 ? '−' : '+'}${formatMs(Math.abs(value))}`;
}

/** A ratio as a percentage: 0.312 → 31.2 %. */
export function formatPercent(ratio: number | null): string {
  return ratio === null ? '–' : `${(ratio * 100).toFixed(1)} %`;
}

/** A ratio as a multiple: 14.25 → 14.3× (or 14.25× with two digits). */
export function formatTimes(ratio: number | null, digits = 1): string {
  return ratio === null ? '–' : `${ratio.toFixed(digits)}×`;
}

/** Seconds as `2 min 05 s` or `48 s`. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}
