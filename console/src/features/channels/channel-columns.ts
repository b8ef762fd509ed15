import { readStoredJson, writeStored } from '../../common/local-storage';

/** The local-storage key of the channel table's column choice (spec §3 "column preferences"). */
export const CHANNEL_COLUMNS_KEY = 'channels-table-columns';

/** The channel table's optional columns, in display order (selection and actions always show). */
export const CHANNEL_COLUMNS = [
  'id',
  'name',
  'group',
  'type',
  'status',
  'responseTime',
  'quota',
  'priority',
  'weight',
] as const;
export type ChannelColumn = (typeof CHANNEL_COLUMNS)[number];

export type ChannelColumnChoice = Partial<Record<ChannelColumn, boolean>>;

export function visibleChannelColumns(choice: ChannelColumnChoice): ChannelColumn[] {
  return CHANNEL_COLUMNS.filter((column) => choice[column] !== false);
}

export function readChannelColumns(): ChannelColumnChoice {
  const stored = readStoredJson<unknown>(CHANNEL_COLUMNS_KEY, {});
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const choice: ChannelColumnChoice = {};
  for (const column of CHANNEL_COLUMNS) {
    const value = (stored as Record<string, unknown>)[column];
    if (typeof value === 'boolean') choice[column] = value;
  }
  return choice;
}

export function writeChannelColumns(choice: ChannelColumnChoice): void {
  writeStored(CHANNEL_COLUMNS_KEY, JSON.stringify(choice));
}
