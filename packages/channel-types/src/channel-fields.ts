/**
 * The fields of a channel a write may set, declared once, named as in the `/api` JSON. Each
 * field says what it holds (its kind) and the most the wire admits (`max`: characters for text,
 * entries for lists). From this list come the `/api` request schema that edge validates with and
 * the channels library reads with (`@modelgate/contracts/api`), the console's channel types, and
 * the Kubernetes operator's mapping of a Channel resource. The product rules of each field (spec
 * §5 "Channels") live in the channels library.
 *
 * Kinds: `int` a whole number (int32 on the wire), `number` any number, `text` a string,
 * `names` a comma list or the list a form keeps (joined with commas when stored).
 */
export type ChannelFieldKind = 'int' | 'number' | 'text' | 'names';

export interface ChannelFieldSpec {
  readonly kind: ChannelFieldKind;
  /** The most characters a text field (or one entry of a list) may carry across the wire. */
  readonly max?: number;
  /** A stored channel may hold null here (none set); other text fields read as empty when unset. */
  readonly nullable?: boolean;
}

/** Text columns: the most characters any of them may carry before the library's own limits. */
const TEXT = 65_536;
/** A whole key field, one key per line on create. */
const KEY = 1_000_000;

export const CHANNEL_FIELDS = {
  type: { kind: 'int' },
  name: { kind: 'text', max: TEXT },
  key: { kind: 'text', max: KEY },
  openai_organization: { kind: 'text', max: TEXT, nullable: true },
  test_model: { kind: 'text', max: TEXT, nullable: true },
  base_url: { kind: 'text', max: TEXT },
  other: { kind: 'text', max: TEXT },
  models: { kind: 'names', max: TEXT },
  group: { kind: 'names', max: TEXT },
  model_mapping: { kind: 'text', max: TEXT, nullable: true },
  status_code_mapping: { kind: 'text', max: TEXT },
  setting: { kind: 'text', max: TEXT, nullable: true },
  param_override: { kind: 'text', max: TEXT, nullable: true },
  priority: { kind: 'number' },
  weight: { kind: 'number' },
  auto_ban: { kind: 'int' },
  status: { kind: 'int' },
  tag: { kind: 'text', max: TEXT, nullable: true },
  max_input_tokens: { kind: 'int' },
  max_rpm: { kind: 'int' },
  max_tpm: { kind: 'int' },
  max_concurrency: { kind: 'int' },
} as const satisfies Record<string, ChannelFieldSpec>;

export type ChannelFieldName = keyof typeof CHANNEL_FIELDS;

/** The field names in declaration order. */
export const CHANNEL_FIELD_NAMES = Object.keys(CHANNEL_FIELDS) as ChannelFieldName[];

/** What a field of each kind holds once stored (lists comma-joined). */
interface StoredValue {
  int: number;
  number: number;
  text: string;
  names: string;
}

/** What a write may send for a field of each kind. */
interface WrittenValue {
  int: number;
  number: number;
  text: string;
  names: string | readonly string[];
}

/** A channel's fields as stored and as `/api` returns them. */
export type ChannelFieldValues = { [K in ChannelFieldName]: StoredValue[(typeof CHANNEL_FIELDS)[K]['kind']] };

type NullableName = { [K in ChannelFieldName]: (typeof CHANNEL_FIELDS)[K] extends { nullable: true } ? K : never }[ChannelFieldName];

/** A channel's configuration as stored: the nullable columns may hold null. */
export type ChannelFieldColumns = { [K in ChannelFieldName]: ChannelFieldValues[K] | (K extends NullableName ? null : never) };

/** A channel write: any field may be absent or null (absent or null means "unchanged" on an edit). */
export type ChannelFieldsWrite = { [K in ChannelFieldName]?: WrittenValue[(typeof CHANNEL_FIELDS)[K]['kind']] | null };
