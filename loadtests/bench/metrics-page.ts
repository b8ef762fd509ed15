// Reading figures off a Prometheus text page (a service's `/metrics`).

const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/**
 * The value of the first sample of `name` on a Prometheus text page whose labels include every one
 * of `labels` (others, such as a `service` label, may be there too); null when there is none.
 */
export function metricSample(page: string, name: string, labels: Record<string, string> = {}): number | null {
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
    return Number.isNaN(value) ? null : value;
  }
  return null;
}
