import { en, zh } from './resources';

type Tree = { [key: string]: string | Tree };

function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

describe('translations', () => {
  it.each(Object.keys(zh))('namespace %s has the same keys in Chinese and English', (namespace) => {
    const chinese = leafKeys(zh[namespace as keyof typeof zh] as Tree).sort();
    const english = leafKeys(en[namespace as keyof typeof en] as Tree).sort();
    expect(english.filter((key) => !chinese.includes(key))).toEqual([]);
    expect(chinese.filter((key) => !english.includes(key))).toEqual([]);
  });

  it.each(Object.keys(zh))('namespace %s has no empty translations', (namespace) => {
    for (const language of [zh, en]) {
      const tree = language[namespace as keyof typeof zh] as Tree;
      const values = leafKeys(tree).map((key) => key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part], tree));
      expect(values.filter((value) => typeof value !== 'string' || value.trim() === '')).toEqual([]);
    }
  });

  it('keeps placeholders the same in both languages', () => {
    const placeholders = (text: string) => (text.match(/{{\s*\w+\s*}}/g) ?? []).sort().join(',');
    for (const namespace of Object.keys(zh) as Array<keyof typeof zh>) {
      const tree = zh[namespace] as Tree;
      const englishTree = en[namespace] as Tree;
      for (const key of leafKeys(tree)) {
        const pick = (root: Tree) => key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part], root) as string;
        expect(`${namespace}:${key} ${placeholders(pick(englishTree))}`).toBe(`${namespace}:${key} ${placeholders(pick(tree))}`);
      }
    }
  });
});
