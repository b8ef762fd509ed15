import { readStoredJson, writeStored } from '../../common/local-storage';

/** The local-storage key of the log table's column choice (spec §3 "column preferences"). */
export const LOG_COLUMNS_KEY = 'logs-table-columns';

/** The log table's columns, in display order. */
export const LOG_COLUMNS = [
  'time',
  'channel',
  'user',
  'token',
  'group',
  'type',
  'model',
  'useTime',
  'prompt',
  'completion',
  'quota',
  'details',
] as const;
export type LogColumn = (typeof LOG_COLUMNS)[number];

/** Columns only admins see (spec §2 "Usage log"); users never get them, whatever is stored. */
export const ADMIN_COLUMNS: readonly LogColumn[] = ['channel', 'user'];

export type ColumnChoice = Partial<Record<LogColumn, boolean>>;

/** The columns a viewer may choose from. */
export function choosableColumns(admin: boolean): LogColumn[] {
  return LOG_COLUMNS.filter((column) => admin || !ADMIN_COLUMNS.includes(column));
}

/** The columns shown: every choosable column the stored choice does not switch off. */
export function visibleColumns(choice: ColumnChoice, admin: boolean): LogColumn[] {
  return choosableColumns(admin).filter((column) => choice[column] !== false);
}

export function readColumnChoice(): ColumnChoice {
  const stored = readStoredJson<unknown>(LOG_COLUMNS_KEY, {});
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const choice: ColumnChoice = {};
  for (const column of LOG_COLUMNS) {
    const value = (stored as Record<string, unknown>)[column];
    if (typeof value === 'boolean') choice[column] = value;
  }
  return choice;
}

export function writeColumnChoice(choice: ColumnChoice): void {
  writeStored(LOG_COLUMNS_KEY, JSON.stringify(choice));
}
