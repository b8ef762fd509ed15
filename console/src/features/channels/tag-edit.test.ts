import { checkTagEdit, emptyTagEditForm, isJsonObject, MAPPING_TEMPLATE } from './tag-edit';

describe('checkTagEdit', () => {
  it('refuses an edit that changes nothing', () => {
    expect(checkTagEdit('team', emptyTagEditForm('team'))).toEqual({ ok: false, error: 'unchanged' });
    expect(checkTagEdit('team', { ...emptyTagEditForm('team'), newTag: ' team ', models: [' '] })).toEqual({
      ok: false,
      error: 'unchanged',
    });
  });

  it('refuses a mapping that is not a JSON object', () => {
    expect(checkTagEdit('team', { ...emptyTagEditForm('team'), modelMapping: '{oops' })).toEqual({
      ok: false,
      error: 'invalidMapping',
    });
    expect(checkTagEdit('team', { ...emptyTagEditForm('team'), modelMapping: '[1]' })).toEqual({
      ok: false,
      error: 'invalidMapping',
    });
    expect(isJsonObject(MAPPING_TEMPLATE)).toBe(true);
  });

  it('sends only the fields filled in, lists comma-joined', () => {
    const check = checkTagEdit('team', {
      newTag: 'crew',
      models: ['gpt-4o', 'gpt-4o', ' o3 '],
      groups: ['vip'],
      modelMapping: '{"a":"b"}',
    });
    expect(check).toEqual({
      ok: true,
      dissolves: false,
      body: { tag: 'team', new_tag: 'crew', models: 'gpt-4o,o3', groups: 'vip', model_mapping: '{"a":"b"}' },
    });
    expect(checkTagEdit('team', { ...emptyTagEditForm('team'), modelMapping: '{}' })).toEqual({
      ok: true,
      dissolves: false,
      body: { tag: 'team', new_tag: 'team', model_mapping: '{}' },
    });
  });

  it('dissolves the tag when the new name is empty', () => {
    expect(checkTagEdit('team', { ...emptyTagEditForm('team'), newTag: '  ' })).toEqual({
      ok: true,
      dissolves: true,
      body: { tag: 'team', new_tag: '' },
    });
  });
});
