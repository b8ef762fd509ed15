import {
  acceptsNumberInput,
  addRow,
  batchReset,
  batchSet,
  filterRows,
  invalidRows,
  isValidNumber,
  mergeRows,
  optionsFromRows,
  parseNumberMap,
  planPriceChanges,
  type PriceRow,
  removeRows,
  rowsFromOptions,
  unsetModels,
  updateRow,
  withMode,
} from './pricing-rows';

const ratioRow = (name: string, ratio: string, completionRatio = ''): PriceRow => ({ name, mode: 'ratio', price: '', ratio, completionRatio });
const priceRow = (name: string, price: string): PriceRow => ({ name, mode: 'price', price, ratio: '', completionRatio: '' });

const stored = {
  ModelPrice: JSON.stringify({ 'mj-imagine': 0.1, 'both-set': 0.02 }),
  ModelRatio: JSON.stringify({ 'gpt-4o': 1.25, 'both-set': 7, 'no-completion': 3 }),
  CompletionRatio: JSON.stringify({ 'gpt-4o': 4, 'only-completion': 2 }),
};

describe('reading the pricing options', () => {
  it('merges the three maps into one row per model, a fixed price winning over ratios', () => {
    expect(rowsFromOptions(stored)).toEqual([
      priceRow('mj-imagine', '0.1'),
      priceRow('both-set', '0.02'),
      ratioRow('gpt-4o', '1.25', '4'),
      ratioRow('no-completion', '3'),
      ratioRow('only-completion', '', '2'),
    ]);
  });

  it('treats missing, broken or non-object JSON as empty and skips non-numbers', () => {
    expect(parseNumberMap(undefined)).toEqual({});
    expect(parseNumberMap('{oops')).toEqual({});
    expect(parseNumberMap('[1,2]')).toEqual({});
    expect(parseNumberMap('{"a": 1, "b": "2", "c": null}')).toEqual({ a: 1 });
    expect(rowsFromOptions({ ModelRatio: 'nonsense' })).toEqual([]);
  });
});

describe('numbers', () => {
  it('lets half-typed numbers stand but only saves complete ones', () => {
    expect(['', '1', '1.', '.5', '12.25'].every(acceptsNumberInput)).toBe(true);
    expect(['a', '1e3', '-1', '1.2.3', '1,5'].some(acceptsNumberInput)).toBe(false);
    expect(['1', '1.', '.5', '0', '12.25'].every(isValidNumber)).toBe(true);
    expect(['', '.', 'abc', '-2'].some(isValidNumber)).toBe(false);
    expect(invalidRows([ratioRow('a', '.'), ratioRow('b', '2', '1.'), priceRow('c', '')])).toEqual(['a']);
  });
});

describe('editing rows', () => {
  const rows = [ratioRow('gpt-4o', '1.25', '4'), priceRow('mj-imagine', '0.1')];

  it('clears the other mode when a row switches between fixed price and ratios', () => {
    expect(withMode(rows[0], 'price')).toEqual(priceRow('gpt-4o', ''));
    expect(withMode(rows[1], 'ratio')).toEqual(ratioRow('mj-imagine', ''));
    expect(withMode(rows[0], 'ratio')).toBe(rows[0]);
    expect(updateRow(rows, 'gpt-4o', { mode: 'price', price: '0.5' })).toEqual([priceRow('gpt-4o', '0.5'), rows[1]]);
    expect(updateRow(rows, 'gpt-4o', { completionRatio: '2' })[0]).toEqual(ratioRow('gpt-4o', '1.25', '2'));
  });

  it('adds a row on top and refuses a duplicate, blank name or bad number', () => {
    expect(addRow(rows, { ...ratioRow(' claude-3 ', '3'), price: '9' })).toEqual({ rows: [ratioRow('claude-3', '3'), ...rows] });
    expect(addRow(rows, priceRow('gpt-4o', '1'))).toEqual({ error: 'duplicate' });
    expect(addRow(rows, priceRow('  ', '1'))).toEqual({ error: 'emptyName' });
    expect(addRow(rows, ratioRow('new', '1.2.3'))).toEqual({ error: 'invalidNumber' });
  });

  it('removes rows and merges rows given elsewhere', () => {
    expect(removeRows(rows, ['mj-imagine'])).toEqual([rows[0]]);
    expect(mergeRows(rows, [priceRow('gpt-4o', '2'), ratioRow('new', '1')])).toEqual([ratioRow('new', '1'), priceRow('gpt-4o', '2'), rows[1]]);
  });

  it('filters by name, ignoring case', () => {
    expect(filterRows(rows, ' GPT ')).toEqual([rows[0]]);
    expect(filterRows(rows, '')).toEqual(rows);
  });
});

describe('batch set and batch reset', () => {
  const rows = [ratioRow('a', '1', '2'), priceRow('b', '0.5'), ratioRow('c', '3')];

  it('refuses without a selection, a value, both ratios or a valid number', () => {
    expect(batchSet(rows, [], { kind: 'price', value: '1' })).toEqual({ error: 'noSelection' });
    expect(batchSet(rows, ['gone'], { kind: 'price', value: '1' })).toEqual({ error: 'noSelection' });
    expect(batchSet(rows, ['a'], { kind: 'ratio', value: ' ' })).toEqual({ error: 'noValue' });
    expect(batchSet(rows, ['a'], { kind: 'both', value: '1', completionValue: '' })).toEqual({ error: 'noBothValues' });
    expect(batchSet(rows, ['a'], { kind: 'completionRatio', value: 'x' })).toEqual({ error: 'invalidNumber' });
    expect(batchSet(rows, ['a'], { kind: 'both', value: '1', completionValue: 'y' })).toEqual({ error: 'invalidNumber' });
  });

  it('sets a price (clearing ratios) or ratios (clearing the price) on the selected rows only', () => {
    expect(batchSet(rows, ['a', 'c'], { kind: 'price', value: '0.3' })).toEqual({ rows: [priceRow('a', '0.3'), rows[1], priceRow('c', '0.3')] });
    expect(batchSet(rows, ['a', 'b'], { kind: 'ratio', value: '5' })).toEqual({ rows: [ratioRow('a', '5', '2'), ratioRow('b', '5'), rows[2]] });
    expect(batchSet(rows, ['c'], { kind: 'completionRatio', value: '4' })).toEqual({ rows: [rows[0], rows[1], ratioRow('c', '3', '4')] });
    expect(batchSet(rows, ['b'], { kind: 'both', value: '2', completionValue: '6' })).toEqual({ rows: [rows[0], ratioRow('b', '2', '6'), rows[2]] });
  });

  it('resets the selected rows to nothing set', () => {
    expect(batchReset(rows, ['a', 'b'])).toEqual([ratioRow('a', ''), ratioRow('b', ''), rows[2]]);
  });
});

describe('models with no ratio set', () => {
  it('lists enabled models, once each, that no row prices or rates', () => {
    const rows = [ratioRow('a', '1'), priceRow('b', '2'), ratioRow('c', '', '3'), ratioRow('d', '')];
    expect(unsetModels(['a', 'b', 'c', 'd', 'e', 'e', ''], rows)).toEqual(['c', 'd', 'e']);
  });
});

describe('writing the pricing options', () => {
  it('puts a priced row in ModelPrice only and drops empty rows', () => {
    const rows = [{ ...priceRow('p', '0.2'), ratio: '9' }, ratioRow('r', '2', '3'), ratioRow('empty', '')];
    expect(Object.fromEntries(Object.entries(optionsFromRows(rows)).map(([key, text]) => [key, JSON.parse(text)]))).toEqual({
      ModelPrice: { p: 0.2 },
      ModelRatio: { r: 2 },
      CompletionRatio: { r: 3 },
    });
  });

  it('round-trips rows through the options', () => {
    const rows = [priceRow('p', '0.2'), ratioRow('r', '2', '3'), ratioRow('s', '1.5'), ratioRow('t', '', '4')];
    expect(rowsFromOptions(optionsFromRows(rows))).toEqual(rows);
  });

  it('changes nothing when the rows are as stored, even if stored compactly or with overlapping maps', () => {
    expect(planPriceChanges(stored, rowsFromOptions(stored))).toEqual([]);
    expect(planPriceChanges(stored, rowsFromOptions(stored).map((row) => (row.name === 'gpt-4o' ? { ...row, ratio: '1.250' } : row)))).toEqual([]);
  });

  it('sends only the options a change touches, keeping untouched models as stored', () => {
    const rows = updateRow(rowsFromOptions(stored), 'no-completion', { ratio: '4' });
    const changes = planPriceChanges(stored, rows);
    expect(changes.map((change) => change.key)).toEqual(['ModelRatio']);
    // 'both-set' keeps its stored ratio: nobody touched it.
    expect(JSON.parse(changes[0].value)).toEqual({ 'gpt-4o': 1.25, 'both-set': 7, 'no-completion': 4 });
    expect(changes[0].value).toContain('\n  "gpt-4o": 1.25');
  });

  it('moves a model between maps when its mode changes, and removes deleted models everywhere', () => {
    const switched = updateRow(rowsFromOptions(stored), 'gpt-4o', { mode: 'price', price: '0.01' });
    expect(planPriceChanges(stored, switched).map(({ key, value }) => [key, JSON.parse(value)])).toEqual([
      ['ModelPrice', { 'mj-imagine': 0.1, 'both-set': 0.02, 'gpt-4o': 0.01 }],
      ['ModelRatio', { 'both-set': 7, 'no-completion': 3 }],
      ['CompletionRatio', { 'only-completion': 2 }],
    ]);
    const deleted = removeRows(rowsFromOptions(stored), ['both-set']);
    expect(planPriceChanges(stored, deleted).map(({ key, value }) => [key, JSON.parse(value)])).toEqual([
      ['ModelPrice', { 'mj-imagine': 0.1 }],
      ['ModelRatio', { 'gpt-4o': 1.25, 'no-completion': 3 }],
    ]);
  });

  it('adds new and reset models', () => {
    const added = addRow(rowsFromOptions(stored), ratioRow('new-model', '2', '1'));
    if (!('rows' in added)) throw new Error('refused');
    const reset = batchReset(added.rows, ['mj-imagine']);
    expect(planPriceChanges(stored, reset).map(({ key, value }) => [key, JSON.parse(value)])).toEqual([
      ['ModelPrice', { 'both-set': 0.02 }],
      ['ModelRatio', { 'gpt-4o': 1.25, 'both-set': 7, 'no-completion': 3, 'new-model': 2 }],
      ['CompletionRatio', { 'gpt-4o': 4, 'only-completion': 2, 'new-model': 1 }],
    ]);
  });
});
