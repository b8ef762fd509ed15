import { createTestDatabase, type TestDatabase } from '@modelgate/testkit/db';
import { escapeLike, likeContains, likePrefix } from './like-pattern';
import { Client } from 'pg';

describe('LIKE patterns', () => {
  it('escapes the wildcards and the escape character, nothing else', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
    expect(escapeLike('plain text, 中文')).toBe('plain text, 中文');
    expect(likeContains('50%')).toBe('%50\\%%');
    expect(likePrefix('x_')).toBe('x\\_%');
  });

  describe('against PostgreSQL', () => {
    let database: TestDatabase;
    let client: Client;
    const names = ['100% pure', '100 pure', 'a_b', 'axb', 'back\\slash', 'backslash'];

    beforeAll(async () => {
      database = await createTestDatabase({ migrate: false });
      client = new Client({ connectionString: database.url });
      await client.connect();
    }, 60_000);
    afterAll(async () => {
      await client?.end();
      await database?.drop();
    });

    /** The names matching `pattern` with ILIKE, as every search of the services runs it. */
    const matching = async (pattern: string) =>
      (
        await client.query<{ name: string }>(
          'SELECT name FROM unnest($1::text[]) AS name WHERE name ILIKE $2 ORDER BY name',
          [names, pattern],
        )
      ).rows.map((row) => row.name);

    it('matches a typed %, _ or \\ literally', async () => {
      expect(await matching(likeContains('%'))).toEqual(['100% pure']);
      expect(await matching(likeContains('_'))).toEqual(['a_b']);
      expect(await matching(likeContains('\\'))).toEqual(['back\\slash']);
      expect(await matching(likePrefix('A_'))).toEqual(['a_b']);
      expect(await matching(likeContains('PURE'))).toEqual(['100 pure', '100% pure']);
    });
  });
});
