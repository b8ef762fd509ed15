import { buildChatUrl, chatEntryAt, chatLinkName, firstEnabledToken, fullKey, needsKey, readChatEntries } from './chat-links';

describe('chat links', () => {
  const nextWeb = 'https://chat.example/#/?settings={"key":"{key}","url":"{address}"}';
  const chats = [
    { 'Next Web': nextWeb },
    { Static: 'https://static.example/' },
  ];

  it('reads name→template pairs in order', () => {
    expect(readChatEntries(chats)).toEqual([
      { name: 'Next Web', template: nextWeb },
      { name: 'Static', template: 'https://static.example/' },
    ]);
    expect(readChatEntries(undefined)).toEqual([]);
    expect(readChatEntries([])).toEqual([]);
  });

  it.each([
    ['a string', 'https://x'],
    ['an item that is not an object', ['https://x']],
    ['an item with two names', [{ a: 'https://a', b: 'https://b' }]],
    ['an empty template', [{ a: '  ' }]],
    ['a template that is not text', [{ a: 42 }]],
    ['an array item', [['a', 'b']]],
  ])('refuses %s', (_label, value) => {
    expect(readChatEntries(value)).toBe('invalid');
    expect(chatEntryAt(value, 0)).toBe('invalid');
  });

  it('answers missing for an index without a link', () => {
    expect(chatEntryAt(chats, 1)).toEqual({ name: 'Static', template: 'https://static.example/' });
    expect(chatEntryAt(chats, 2)).toBe('missing');
    expect(chatEntryAt(chats, -1)).toBe('missing');
    expect(chatEntryAt([], 0)).toBe('missing');
  });

  it('fills {key} with sk-<key> and {address} with the encoded server address, everywhere', () => {
    const url = buildChatUrl('https://c.example/?k={key}&a={address}&again={key}', 'abc123', 'https://api.example.com/', 'http://origin');
    expect(url).toBe('https://c.example/?k=sk-abc123&a=https%3A%2F%2Fapi.example.com&again=sk-abc123');
  });

  it('uses the page origin when no server address is set, and never doubles sk-', () => {
    expect(buildChatUrl('{address}|{key}', 'sk-zzz', '', 'http://localhost:5173')).toBe('http%3A%2F%2Flocalhost%3A5173|sk-zzz');
    expect(fullKey('abc')).toBe('sk-abc');
  });

  it('tells which templates need a token', () => {
    expect(needsKey(nextWeb)).toBe(true);
    expect(needsKey('https://static.example/')).toBe(false);
  });

  it('picks the first enabled token', () => {
    expect(firstEnabledToken([{ id: 1, status: 2 }, { id: 2, status: 1 }, { id: 3, status: 1 }])).toEqual({ id: 2, status: 1 });
    expect(firstEnabledToken([{ id: 1, status: 3 }, { id: 2, status: 4 }])).toBeUndefined();
  });
});

describe('chatLinkName', () => {
  it('names an item by its first key, and anything else the server may send by its position', () => {
    expect(chatLinkName({ ChatGPT: 'https://chat.example/{key}' }, 0)).toBe('ChatGPT');
    expect(chatLinkName(null, 1)).toBe('1');
    expect(chatLinkName('https://chat.example', 2)).toBe('2');
    expect(chatLinkName({}, 3)).toBe('3');
  });
});
