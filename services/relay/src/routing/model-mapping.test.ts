import { isBlankJson, mapModel, parseModelMapping } from './model-mapping';

describe('parseModelMapping', () => {
  it.each([null, undefined, '', '   ', '{}', ' {}\n', 'null'])('treats %p as no mapping', (text) => {
    const parsed = parseModelMapping(text);
    expect(parsed.value.size).toBe(0);
    expect(parsed.problem).toBeUndefined();
  });

  it('reads a JSON object of names', () => {
    const parsed = parseModelMapping('{"gpt-4o":"gpt-4o-2024-08-06","claude":"claude-3-5-sonnet"}');
    expect(parsed.problem).toBeUndefined();
    expect([...parsed.value]).toEqual([
      ['gpt-4o', 'gpt-4o-2024-08-06'],
      ['claude', 'claude-3-5-sonnet'],
    ]);
  });

  it('drops entries that map nothing: empty targets and names mapped to themselves', () => {
    const parsed = parseModelMapping('{"a":"","b":"b","c":"d"}');
    expect(parsed.problem).toBeUndefined();
    expect([...parsed.value]).toEqual([['c', 'd']]);
  });

  it.each([
    ['{"a":', 'model_mapping is not valid JSON'],
    ['["a","b"]', 'model_mapping must be a JSON object'],
    ['"gpt-4"', 'model_mapping must be a JSON object'],
    ['42', 'model_mapping must be a JSON object'],
    ['{"a":"b","c":7}', 'model_mapping value of "c" must be a string'],
    ['{"a":{"b":"c"}}', 'model_mapping value of "a" must be a string'],
  ])('ignores the whole malformed text %s and says why', (text, problem) => {
    const parsed = parseModelMapping(text);
    expect(parsed.value.size).toBe(0);
    expect(parsed.problem).toBe(problem);
  });

  it('knows the blank texts', () => {
    expect(isBlankJson(' {}\n')).toBe(true);
    expect(isBlankJson('{"a":"b"}')).toBe(false);
  });
});

describe('mapModel', () => {
  const mapping = parseModelMapping('{"gpt-4":"gpt-4-turbo","gpt-4-turbo":"gpt-4o","alias":"real"}').value;

  it('maps a listed name and keeps the requested one for billing', () => {
    expect(mapModel(mapping, 'alias')).toEqual({ requested: 'alias', upstream: 'real', mapped: true });
  });

  it('leaves an unlisted name alone', () => {
    expect(mapModel(mapping, 'gpt-3.5-turbo')).toEqual({
      requested: 'gpt-3.5-turbo',
      upstream: 'gpt-3.5-turbo',
      mapped: false,
    });
  });

  it('follows one level only, never a chain', () => {
    expect(mapModel(mapping, 'gpt-4').upstream).toBe('gpt-4-turbo');
  });

  it('matches names exactly (case and whitespace count)', () => {
    expect(mapModel(mapping, 'GPT-4').mapped).toBe(false);
    expect(mapModel(mapping, 'alias ').mapped).toBe(false);
  });

  it('maps nothing with an empty mapping', () => {
    expect(mapModel(new Map(), 'x')).toEqual({ requested: 'x', upstream: 'x', mapped: false });
  });
});
