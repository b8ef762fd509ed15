import { FixedOptions } from '@modelgate/db';
import { usableGroups } from './usable-groups';

const optionsOf = (values: Record<string, string>) => new FixedOptions(values);

describe('usable groups', () => {
  const defaults = {
    UserUsableGroups: JSON.stringify({ default: '默认分组', vip: 'vip分组' }),
    GroupRatio: JSON.stringify({ svip: 3, vip: 1.5, default: 1 }),
  };

  it('lists UserUsableGroups, priced ones first in GroupRatio order', () => {
    expect(usableGroups(optionsOf(defaults), 'default')).toEqual([
      { name: 'vip', desc: 'vip分组', ratio: 1.5, priced: true },
      { name: 'default', desc: '默认分组', ratio: 1, priced: true },
    ]);
  });

  it('adds the user\'s own group when it is not listed', () => {
    expect(usableGroups(optionsOf(defaults), 'svip')[0]).toEqual({ name: 'svip', desc: '用户分组', ratio: 3, priced: true });
    expect(usableGroups(optionsOf(defaults), 'team')).toContainEqual({ name: 'team', desc: '用户分组', ratio: 0, priced: false });
    const withoutDefault = optionsOf({ ...defaults, UserUsableGroups: JSON.stringify({ vip: 'v' }) });
    expect(usableGroups(withoutDefault, '').map((group) => group.name)).toEqual(['vip', 'default']);
  });

  it('treats malformed options as empty instead of failing', () => {
    const broken = optionsOf({ UserUsableGroups: '{not json', GroupRatio: JSON.stringify({ default: 'one' }) });
    expect(usableGroups(broken, 'default')).toEqual([{ name: 'default', desc: '用户分组', ratio: 0, priced: false }]);
  });
});
