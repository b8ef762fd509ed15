import { jsonObjectOption } from './option-values';

describe('jsonObjectOption', () => {
  it('reads a JSON object and treats anything else as empty', () => {
    expect(jsonObjectOption('{"default":1,"vip":2}')).toEqual({ default: 1, vip: 2 });
    expect(jsonObjectOption('[1,2]')).toEqual({});
    expect(jsonObjectOption('null')).toEqual({});
    expect(jsonObjectOption('"text"')).toEqual({});
    expect(jsonObjectOption('{broken')).toEqual({});
    expect(jsonObjectOption('')).toEqual({});
  });
});
