import { generateTokenKey, seedBenchData } from './seed';

describe('generateTokenKey', () => {
  it('makes 48 alphanumerics', () => {
    expect(generateTokenKey()).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(generateTokenKey()).not.toBe(generateTokenKey());
  });

  it('skips bytes that would make some characters likelier than others', () => {
    // 248–255 are rejected; 0 → 'a', 61 → '9', 62 → 'a' again.
    let call = 0;
    const random = (size: number) => Buffer.alloc(size, call++ === 0 ? 250 : 61);
    expect(generateTokenKey(random)).toBe('9'.repeat(48));
  });
});

describe('seedBenchData', () => {
  it('writes an OpenAI and a chat-only channel to the fake upstream with their abilities, a user and an unlimited token', async () => {
    const statements: Array<{ sql: string; parameters: unknown[] | undefined }> = [];
    const query = async (sql: string, parameters?: unknown[]) => {
      statements.push({ sql, parameters });
      return [{ id: [7, 0, 8][statements.length - 1] ?? 42 }];
    };
    const key = await seedBenchData(query, 'http://127.0.0.1:4001');
    expect(key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    const [channel, ability, chatChannel, chatAbility, user, token] = statements;
    expect(channel!.sql).toMatch(/INSERT INTO channels/);
    expect(channel!.parameters).toEqual([1, 'sk-fake', 'benchmark fake upstream', expect.any(Number), 'http://127.0.0.1:4001', 'gpt-4o-mini', null]);
    expect(ability!.parameters).toEqual(['gpt-4o-mini', 7]);
    // DeepSeek (type 43) serves chat completions only: Responses requests for its model are converted.
    expect(chatChannel!.parameters).toEqual([43, 'sk-fake', 'benchmark fake upstream (chat only)', expect.any(Number), 'http://127.0.0.1:4001', 'deepseek-chat', null]);
    expect(chatAbility!.parameters).toEqual(['deepseek-chat', 8]);
    expect(user!.sql).toMatch(/INSERT INTO users/);
    expect(token!.parameters).toEqual([42, key.slice(3), expect.any(Number)]);
    expect(token!.sql).toMatch(/-1, 0, true\)/);
  });

  it('gives both channels upstream_http2 in their settings when the upstream is to be reached over HTTP/2', async () => {
    const channels: unknown[][] = [];
    const query = async (sql: string, parameters?: unknown[]) => {
      if (sql.includes('INSERT INTO channels')) channels.push(parameters!);
      return [{ id: 1 }];
    };
    await seedBenchData(query, 'https://127.0.0.1:4002', { upstreamHttp2: true });
    expect(channels.map((parameters) => [parameters[4], parameters[6]])).toEqual([
      ['https://127.0.0.1:4002', '{"upstream_http2":true}'],
      ['https://127.0.0.1:4002', '{"upstream_http2":true}'],
    ]);
  });
});
