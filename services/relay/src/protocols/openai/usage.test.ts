import { hasObjectValue, lastObjectValue } from './usage';

describe('hasObjectValue (the per-chunk test of the stream parser)', () => {
  it.each<[string, boolean, string]>([
    ['a usage object', true, '{"choices":[],"usage":{"prompt_tokens":1}}'],
    ['spaces around the colon', true, '{"usage"  :\t {"prompt_tokens":1}}'],
    ['usage null', false, '{"choices":[{"delta":{"content":"a"}}],"usage":null}'],
    ['no usage at all', false, '{"choices":[]}'],
    ['a usage object inside a choice, top-level null', true, '{"choices":[{"usage":{"a":1}}],"usage":null}'],
    ['usage text inside a string', false, '{"content":"\\"usage\\": {\\"prompt_tokens\\": 1}"}'],
    ['a string value ending in usage', false, '{"content":"say \\"usage"}'],
    ['a key ending in an escaped quote and usage', false, '{"x \\"usage":{"a":1}}'],
    ['a key after an escaped backslash', true, '{"a\\\\":1,"usage":{"a":1}}'],
    ['a longer key ending in usage', false, '{"total_usage":{"a":1}}'],
  ])('%s → %p', (_name, expected, text) => {
    expect(() => JSON.parse(text)).not.toThrow(); // every case is valid JSON
    expect(hasObjectValue(text, 'usage')).toBe(expected);
  });

  it('finds error objects the same way', () => {
    expect(hasObjectValue('{"error":{"message":"x"}}', 'error')).toBe(true);
    expect(hasObjectValue('{"error":"x"}', 'error')).toBe(false);
  });
});

describe('lastObjectValue (the non-streaming body search)', () => {
  it('returns the last object value, skipping null ones and cut-off ones', () => {
    expect(lastObjectValue(Buffer.from('{"usage":{"a":1},"x":{"usage":null}}'), 'usage')).toEqual({ a: 1 });
    expect(lastObjectValue(Buffer.from('{"usage":{"a":1},"more":{"usage":{"b":'), 'usage')).toEqual({ a: 1 });
    expect(lastObjectValue(Buffer.from('{"usage":{"nested":{"deep":[1,{"x":"}"}]}}}'), 'usage')).toEqual({
      nested: { deep: [1, { x: '}' }] },
    });
    expect(lastObjectValue(Buffer.from('no json'), 'usage')).toBeUndefined();
  });
});
