import { UnreadLines } from './unread-lines';

describe('unread lines', () => {
  it('keeps copies of the lines, oldest first, through growth and after the caller reuses its buffer', () => {
    const lines = new UnreadLines();
    const expected: string[] = [];
    const chunk = Buffer.alloc(3000);
    for (let i = 0; i < 40; i++) {
      const line = `{"n":${i},"text":"${'ü😀'.repeat(i * 3)}"}`;
      const written = chunk.write(`xx${line}yy`);
      lines.add(chunk, 2, written - 2);
      chunk.fill(0x21); // the caller reuses its buffer
      expected.push(line);
    }
    expect(lines.bytes).toBe(Buffer.byteLength(expected.join('')));
    const read: string[] = [];
    lines.drain((line) => read.push(line));
    expect(read).toEqual(expected);
    expect(lines.bytes).toBe(0);
    lines.drain(() => {
      throw new Error('nothing is left to read');
    });
    lines.add(Buffer.from('{"again":true}'), 0, 14);
    lines.drain((line) => read.push(line));
    expect(read.at(-1)).toBe('{"again":true}');
  });
});
