import type { DataSource } from 'typeorm';

/** Index definitions of `table`'s indexes in `schema`, by name (as `pg_indexes` prints them). */
export async function indexesOf(dataSource: DataSource, schema: string, table: string): Promise<Map<string, string>> {
  const rows = (await dataSource.query(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = $2`, [
    schema,
    table,
  ])) as Array<{ indexname: string; indexdef: string }>;
  return new Map(rows.map((row) => [row.indexname, row.indexdef]));
}
