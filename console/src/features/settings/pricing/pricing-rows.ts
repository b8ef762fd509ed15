/**
 * The visual model-price editor's data (spec §3 "Model pricing row"): one row per model built from
 * the ModelPrice, ModelRatio and CompletionRatio options, and the way rows go back into them. A
 * row is either priced per call (a fixed price, which wins: its ratios are ignored) or by ratios.
 * Values are kept as the text typed so half-typed numbers survive; they become numbers on save.
 */

export const PRICE_OPTION_KEYS = ['ModelPrice', 'ModelRatio', 'CompletionRatio'] as const;
export type PriceOptionKey = (typeof PRICE_OPTION_KEYS)[number];

export type PriceMode = 'price' | 'ratio';

export interface PriceRow {
  name: string;
  mode: PriceMode;
  price: string;
  ratio: string;
  completionRatio: string;
}

export type NumberMap = Record<string, number>;
type StoredOptions = Readonly<Record<string, string | undefined>>;

/** A JSON option as a name → number map; text that is not such an object counts as empty. */
export function parseNumberMap(text: string | undefined): NumberMap {
  if (!text || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const map: NumberMap = {};
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry === 'number' && Number.isFinite(entry)) map[name] = entry;
  }
  return map;
}

/** Whether text may stand in a number field while being typed ('', '1', '1.', '.5'). */
export function acceptsNumberInput(value: string): boolean {
  return /^\d*\.?\d*$/.test(value);
}

/** Whether text is a complete number ≥ 0. */
export function isValidNumber(value: string): boolean {
  return /^(\d+\.?\d*|\.\d+)$/.test(value.trim()) && Number.isFinite(Number(value));
}

const textOf = (value: number | undefined) => (value === undefined ? '' : String(value));

/** The rows of the three options, in the order models first appear; a fixed price hides the ratios. */
export function rowsFromOptions(options: StoredOptions): PriceRow[] {
  const [prices, ratios, completions] = PRICE_OPTION_KEYS.map((key) => parseNumberMap(options[key]));
  const names = [...new Set([...Object.keys(prices), ...Object.keys(ratios), ...Object.keys(completions)])];
  return names.map((name) =>
    name in prices
      ? { name, mode: 'price', price: textOf(prices[name]), ratio: '', completionRatio: '' }
      : { name, mode: 'ratio', price: '', ratio: textOf(ratios[name]), completionRatio: textOf(completions[name]) },
  );
}

/** The row with only its own mode's values (a fixed price and ratios never stand together). */
function withoutOtherMode(row: PriceRow): PriceRow {
  return row.mode === 'price' ? { ...row, ratio: '', completionRatio: '' } : { ...row, price: '' };
}

/** The row switched to a pricing mode; switching clears the values of the other mode. */
export function withMode(row: PriceRow, mode: PriceMode): PriceRow {
  return row.mode === mode ? row : withoutOtherMode({ ...row, mode });
}

/** Whether the row gives its model a fixed price or a model ratio (what makes a model "set"). */
export function hasPriceOrRatio(row: PriceRow): boolean {
  return row.mode === 'price' ? row.price !== '' : row.ratio !== '';
}

export type AddRowError = 'emptyName' | 'duplicate' | 'invalidNumber';

/** Adds a row at the top; a blank or already listed name, or a value that is not a number, is refused. */
export function addRow(rows: readonly PriceRow[], row: PriceRow): { rows: PriceRow[] } | { error: AddRowError } {
  const name = row.name.trim();
  if (name === '') return { error: 'emptyName' };
  if (rows.some((existing) => existing.name === name)) return { error: 'duplicate' };
  const clean = withoutOtherMode({ ...row, name });
  const values = [clean.price, clean.ratio, clean.completionRatio].filter((value) => value !== '');
  if (values.some((value) => !isValidNumber(value))) return { error: 'invalidNumber' };
  return { rows: [clean, ...rows] };
}

export type RowPatch = Partial<Pick<PriceRow, 'mode' | 'price' | 'ratio' | 'completionRatio'>>;

/** One row changed; a mode change clears the other mode's values first. */
export function updateRow(rows: readonly PriceRow[], name: string, patch: RowPatch): PriceRow[] {
  return rows.map((row) => {
    if (row.name !== name) return row;
    const { mode, ...values } = patch;
    return { ...(mode ? withMode(row, mode) : row), ...values };
  });
}

export function removeRows(rows: readonly PriceRow[], names: Iterable<string>): PriceRow[] {
  const gone = new Set(names);
  return rows.filter((row) => !gone.has(row.name));
}

export type BatchKind = 'price' | 'ratio' | 'completionRatio' | 'both';
export interface BatchInput {
  kind: BatchKind;
  /** The price, the model ratio or the completion ratio (for `both`: the model ratio). */
  value: string;
  /** The completion ratio when setting both ratios. */
  completionValue?: string;
}
export type BatchError = 'noSelection' | 'noValue' | 'noBothValues' | 'invalidNumber';

/** The same value for every selected model (spec §5 "Visual model table" batch rules). */
export function batchSet(
  rows: readonly PriceRow[],
  names: Iterable<string>,
  input: BatchInput,
): { rows: PriceRow[] } | { error: BatchError } {
  const chosen = new Set(names);
  if (!rows.some((row) => chosen.has(row.name))) return { error: 'noSelection' };
  const value = input.value.trim();
  const completion = (input.completionValue ?? '').trim();
  if (input.kind === 'both' ? value === '' || completion === '' : value === '') {
    return { error: input.kind === 'both' ? 'noBothValues' : 'noValue' };
  }
  if (!isValidNumber(value) || (input.kind === 'both' && !isValidNumber(completion))) return { error: 'invalidNumber' };
  const patch: Record<BatchKind, RowPatch> = {
    price: { mode: 'price', price: value },
    ratio: { mode: 'ratio', ratio: value },
    completionRatio: { mode: 'ratio', completionRatio: value },
    both: { mode: 'ratio', ratio: value, completionRatio: completion },
  };
  return { rows: rows.map((row) => (chosen.has(row.name) ? updateRow([row], row.name, patch[input.kind])[0] : row)) };
}

/** The selected models lose their price and ratios (saved, they leave every map). */
export function batchReset(rows: readonly PriceRow[], names: Iterable<string>): PriceRow[] {
  const chosen = new Set(names);
  return rows.map((row) => (chosen.has(row.name) ? { ...row, mode: 'ratio', price: '', ratio: '', completionRatio: '' } : row));
}

/** Rows for models given values elsewhere (the unset-models list): listed ones replaced, new ones on top. */
export function mergeRows(rows: readonly PriceRow[], incoming: readonly PriceRow[]): PriceRow[] {
  const byName = new Map(incoming.map((row) => [row.name, row]));
  const replaced = rows.map((row) => byName.get(row.name) ?? row);
  const known = new Set(rows.map((row) => row.name));
  return [...incoming.filter((row) => !known.has(row.name)), ...replaced];
}

/** Enabled models (each once, in order) that no row gives a price or a ratio. */
export function unsetModels(enabled: readonly string[], rows: readonly PriceRow[]): string[] {
  const set = new Set(rows.filter(hasPriceOrRatio).map((row) => row.name));
  return [...new Set(enabled)].filter((name) => name !== '' && !set.has(name));
}

export function filterRows(rows: readonly PriceRow[], search: string): PriceRow[] {
  const needle = search.trim().toLowerCase();
  return needle === '' ? [...rows] : rows.filter((row) => row.name.toLowerCase().includes(needle));
}

/** Names of rows holding text that is not a number (they stop a save). */
export function invalidRows(rows: readonly PriceRow[]): string[] {
  return rows
    .filter((row) => [row.price, row.ratio, row.completionRatio].some((value) => value !== '' && !isValidNumber(value)))
    .map((row) => row.name);
}

type Maps = Record<PriceOptionKey, NumberMap>;

/** Writes one row into the maps: a fixed price goes to ModelPrice only, otherwise its ratios. */
function writeRow(maps: Maps, row: PriceRow): void {
  if (row.mode === 'price') {
    if (row.price !== '') maps.ModelPrice[row.name] = Number(row.price);
    return;
  }
  if (row.ratio !== '') maps.ModelRatio[row.name] = Number(row.ratio);
  if (row.completionRatio !== '') maps.CompletionRatio[row.name] = Number(row.completionRatio);
}

const jsonOf = (map: NumberMap) => JSON.stringify(map, null, 2);

/** The three options rebuilt from the rows alone. */
export function optionsFromRows(rows: readonly PriceRow[]): Record<PriceOptionKey, string> {
  const maps: Maps = { ModelPrice: {}, ModelRatio: {}, CompletionRatio: {} };
  for (const row of rows) writeRow(maps, row);
  return { ModelPrice: jsonOf(maps.ModelPrice), ModelRatio: jsonOf(maps.ModelRatio), CompletionRatio: jsonOf(maps.CompletionRatio) };
}

const sameValue = (a: string, b: string) => (a === '' || b === '' ? a === b : Number(a) === Number(b));
const sameRow = (a: PriceRow, b: PriceRow) =>
  a.mode === b.mode && sameValue(a.price, b.price) && sameValue(a.ratio, b.ratio) && sameValue(a.completionRatio, b.completionRatio);

function sameMap(a: NumberMap, b: NumberMap): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && a[key] === b[key]);
}

/**
 * What saving the rows changes: the stored maps with only the added, edited and removed models
 * rewritten (a model nobody touched keeps exactly what is stored), then one change per option
 * whose map differs from the stored one, as indented JSON.
 */
export function planPriceChanges(stored: StoredOptions, rows: readonly PriceRow[]): Array<{ key: PriceOptionKey; value: string }> {
  const original = new Map(rowsFromOptions(stored).map((row) => [row.name, row]));
  const current = new Map(rows.map((row) => [row.name, row]));
  const storedMaps = Object.fromEntries(PRICE_OPTION_KEYS.map((key) => [key, parseNumberMap(stored[key])])) as Maps;
  const maps = Object.fromEntries(PRICE_OPTION_KEYS.map((key) => [key, { ...storedMaps[key] }])) as Maps;
  const touched = new Set([...original.keys()].filter((name) => !current.has(name)));
  for (const row of rows) {
    const before = original.get(row.name);
    if (!before || !sameRow(before, row)) touched.add(row.name);
  }
  for (const name of touched) {
    for (const key of PRICE_OPTION_KEYS) delete maps[key][name];
    const row = current.get(name);
    if (row) writeRow(maps, row);
  }
  return PRICE_OPTION_KEYS.filter((key) => !sameMap(storedMaps[key], maps[key])).map((key) => ({ key, value: jsonOf(maps[key]) }));
}
