// Reading figures off a Prometheus text page (a service's `/metrics`).

/** A service's metrics page; rejects when it does not answer 2xx within `timeoutMs`. */
export async function fetchMetricsPage(url: string, timeoutMs = 5_000): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.text();
}

const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Each sample of `name` on the page whose labels include every one of `labels`, with its value. */
function* samplesOf(page: string, name: string, labels: Record<string, string>): Generator<number> {
  for (const line of page.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    let labelText = '';
    let valueText: string;
    if (rest.startsWith('{')) {
      const close = rest.lastIndexOf('}');
      if (close < 0) continue;
      labelText = rest.slice(1, close);
      valueText = rest.slice(close + 1);
    } else if (rest.startsWith(' ')) {
      valueText = rest;
    } else {
      continue; // another metric whose name starts with this one
    }
    const found = new Map([...labelText.matchAll(LABEL)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).some(([key, value]) => found.get(key) !== value)) continue;
    const value = Number(valueText.trim().split(' ')[0]);
    if (!Number.isNaN(value)) yield value;
  }
}

/**
 * The value of the first sample of `name` on a Prometheus text page whose labels include every one
 * of `labels` (others, such as a `service` label, may be there too); null when there is none.
 */
export function metricSample(page: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const value of samplesOf(page, name, labels)) return value;
  return null;
}

/** The sum of every sample of `name` whose labels include `labels` (all of its series by default); 0 for none. */
export function metricSum(page: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const value of samplesOf(page, name, labels)) sum += value;
  return sum;
}
