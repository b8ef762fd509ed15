import { batchNames, NAME_SUFFIX_LENGTH, newTokenKey, TOKEN_KEY_LENGTH } from './token-keys';

describe('token keys', () => {
  it('are 48 letters and digits, different every time', () => {
    const keys = Array.from({ length: 200 }, newTokenKey);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(TOKEN_KEY_LENGTH).toBe(48);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('use every letter and digit with no visible bias', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) for (const c of newTokenKey()) counts.set(c, (counts.get(c) ?? 0) + 1);
    // 96 000 draws over 62 characters: about 1 548 each; a modulo-biased draw from bytes would
    // give the first 8 characters about 1 760 (256 % 62 = 8), far outside this band.
    expect(counts.size).toBe(62);
    for (const count of counts.values()) expect(Math.abs(count - 96_000 / 62)).toBeLessThan(180);
  });
});

describe('batch names', () => {
  it('keeps the first name and suffixes the others with 6 random letters and digits', () => {
    const names = batchNames('work', 10);
    expect(names).toHaveLength(10);
    expect(names[0]).toBe('work');
    for (const name of names.slice(1)) expect(name).toMatch(new RegExp(`^work-[A-Za-z0-9]{${NAME_SUFFIX_LENGTH}}$`));
    expect(new Set(names).size).toBe(10);
  });

  it('names a single token exactly as asked', () => {
    expect(batchNames('solo', 1)).toEqual(['solo']);
  });
});
