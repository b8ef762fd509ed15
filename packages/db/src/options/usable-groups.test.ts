import { parseOption } from '@modelgate/contracts/options';
import { mayUseGroup, OWN_GROUP_DESC, ownGroupOf, usableGroupsOf } from './usable-groups';

describe('usable groups', () => {
  const listedText = JSON.stringify({ default: '默认分组', vip: 'VIP' });
  const listed = parseOption('UserUsableGroups', listedText);

  it('lists UserUsableGroups, then the user own group when it is not listed', () => {
    expect([...usableGroupsOf(listed, 'default')]).toEqual([
      ['default', '默认分组'],
      ['vip', 'VIP'],
    ]);
    expect([...usableGroupsOf(listed, 'team')]).toEqual([
      ['default', '默认分组'],
      ['vip', 'VIP'],
      ['team', OWN_GROUP_DESC],
    ]);
    expect([...usableGroupsOf(parseOption('UserUsableGroups', JSON.stringify({ vip: 'VIP' })), '')]).toEqual([
      ['vip', 'VIP'],
      ['default', 'default'],
    ]);
  });

  it('counts a malformed option as empty and skips an empty name', () => {
    expect([...usableGroupsOf(parseOption('UserUsableGroups', '{not json'), 'default')]).toEqual([['default', OWN_GROUP_DESC]]);
    expect([...usableGroupsOf(parseOption('UserUsableGroups', JSON.stringify({ '': 'x', vip: 3 })), 'default').keys()]).toEqual(['vip', 'default']);
  });

  it('allows the own group and the listed ones, nothing else', () => {
    const names = new Set(['vip']);
    expect(mayUseGroup(names, 'team', 'team')).toBe(true);
    expect(mayUseGroup(names, 'team', 'vip')).toBe(true);
    expect(mayUseGroup(names, 'team', 'svip')).toBe(false);
    expect(mayUseGroup(names, '', 'default')).toBe(true);
    expect(mayUseGroup(names, 'team', '')).toBe(false);
    expect(ownGroupOf('')).toBe('default');
    expect(ownGroupOf('vip')).toBe('vip');
  });

  it('agrees with the listing: a group is usable exactly when it is listed', () => {
    for (const userGroup of ['', 'default', 'team', 'vip']) {
      const usable = usableGroupsOf(listed, userGroup);
      const names = new Set(Object.keys(JSON.parse(listedText) as object));
      for (const group of ['default', 'vip', 'team', 'svip']) {
        expect(mayUseGroup(names, userGroup, group)).toBe(usable.has(group));
      }
    }
  });
});
