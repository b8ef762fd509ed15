/**
 * A comma list (or a list of comma lists, as a form sends it) as trimmed, non-empty, distinct
 * names in their first order. `" a, b,,a "` → `["a", "b"]`.
 */
export function splitNameList(raw: string | readonly string[]): string[] {
  const parts = (typeof raw === 'string' ? [raw] : raw).flatMap((item) => item.split(','));
  const seen = new Set<string>();
  const names: string[] = [];
  for (const part of parts) {
    const name = part.trim();
    if (name === '' || seen.has(name)) continue;
    seen.add(name);
    names.push(name);
  }
  return names;
}
