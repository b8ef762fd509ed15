/**
 * The fields of a channel a write may set, declared once, named as in the `/api` JSON. Each
 * field says what it holds (its kind) and the most the wire admits (`max`: characters for text,
 * entries for lists). From this list come the `/api` request schema that edge validates with and
 * the channels library reads with (`@modelgate/contracts/api`), the console's channel types, the
 * Kubernetes operator's mapping of a Channel resource, and the channel-field blocks of the relay's
 * gRPC messages (`proto`, `doc` and `rule`; `npm run gen:proto` writes them). The product rules of
 * each field (spec §5 "Channels") live in the channels library.
 *
 * Kinds: `int` a whole number (int32 on the wire), `number` any number, `text` a string,
 * `names` a comma list or the list a form keeps (joined with commas when stored).
 */
export type ChannelFieldKind = 'int' | 'number' | 'text' | 'names';

/**
 * Where a field sits in the gRPC messages of `proto/modelgate/relay/v1/channel_admin_service.proto`,
 * whose channel-field blocks `npm run gen:proto` writes from this list. A number, once released,
 * is the field's for good: never change it, and never give a removed field's number to another
 * (list it as `reserved` in the message instead).
 */
export interface ChannelFieldProto {
  /** Its number in `message Channel`, what reads return. */
  readonly read: number;
  /** Its number in `message ChannelFields`, what creates and edits send. */
  readonly write: number;
  /** The scalar of a `number` field in `message Channel` (writes carry a double); `double` when unset. */
  readonly readAs?: 'int32' | 'int64';
}

export interface ChannelFieldSpec {
  readonly kind: ChannelFieldKind;
  /** The most characters a text field (or one entry of a list) may carry across the wire. */
  readonly max?: number;
  /** A stored channel may hold null here (none set); other text fields read as empty when unset. */
  readonly nullable?: boolean;
  /** Read back only when explicitly asked for (the upstream credential). */
  readonly secret?: boolean;
  readonly proto: ChannelFieldProto;
  /** What the field holds, as a read shows it (the comment of `message Channel`). */
  readonly doc: string;
  /** What a create or an edit may send (the comment of `message ChannelFields`). */
  readonly rule: string;
}

/** Text columns: the most characters any of them may carry before the library's own limits. */
const TEXT = 65_536;
/** A whole key field, one key per line on create. */
const KEY = 1_000_000;

export const CHANNEL_FIELDS = {
  type: {
    kind: 'int',
    proto: { read: 2, write: 1 },
    doc: 'Channel type (spec §3 channel types).',
    rule: 'Channel type; 1 when absent on create.',
  },
  name: {
    kind: 'text',
    max: TEXT,
    proto: { read: 3, write: 2 },
    doc: 'Display name.',
    rule: 'Display name; required on create.',
  },
  key: {
    kind: 'text',
    max: KEY,
    secret: true,
    proto: { read: 4, write: 3 },
    doc: 'The upstream credential; present only when GetChannel was asked for it.',
    rule: 'Upstream key; required on create, where each line makes a channel.',
  },
  openai_organization: {
    kind: 'text',
    max: TEXT,
    nullable: true,
    proto: { read: 5, write: 4 },
    doc: 'OpenAI organization header, or empty.',
    rule: 'OpenAI organization header.',
  },
  test_model: {
    kind: 'text',
    max: TEXT,
    nullable: true,
    proto: { read: 6, write: 5 },
    doc: 'Preferred model of channel tests, or empty.',
    rule: 'Preferred model of channel tests.',
  },
  base_url: {
    kind: 'text',
    max: TEXT,
    proto: { read: 12, write: 6 },
    doc: "Upstream base URL; empty for the type's default.",
    rule: 'Base URL (http or https); trailing slashes are removed.',
  },
  other: {
    kind: 'text',
    max: TEXT,
    proto: { read: 13, write: 7 },
    doc: 'Type-specific extra (API version, region, …).',
    rule: "Type-specific extra (the catalogue's `otherField` of the type).",
  },
  models: {
    kind: 'names',
    max: TEXT,
    proto: { read: 16, write: 8 },
    doc: 'Comma-joined model names.',
    rule: 'Comma-joined model names; at least one on create. Trimmed and de-duplicated.',
  },
  group: {
    kind: 'names',
    max: TEXT,
    proto: { read: 17, write: 9 },
    doc: 'Comma-joined group names.',
    rule: 'Comma-joined group names; `default` when absent on create.',
  },
  model_mapping: {
    kind: 'text',
    max: TEXT,
    nullable: true,
    proto: { read: 19, write: 10 },
    doc: 'JSON text: requested model → upstream model; empty for none.',
    rule: 'JSON object text.',
  },
  status_code_mapping: {
    kind: 'text',
    max: TEXT,
    proto: { read: 20, write: 11 },
    doc: 'JSON text: upstream status → returned status; empty for none.',
    rule: 'JSON object text of status codes.',
  },
  setting: {
    kind: 'text',
    max: TEXT,
    nullable: true,
    proto: { read: 25, write: 12 },
    doc: 'JSON text of type-specific settings.',
    rule: 'JSON object text.',
  },
  param_override: {
    kind: 'text',
    max: TEXT,
    nullable: true,
    proto: { read: 26, write: 13 },
    doc: 'JSON text merged into upstream request bodies.',
    rule: 'JSON object text.',
  },
  priority: {
    kind: 'number',
    proto: { read: 21, write: 14, readAs: 'int64' },
    doc: 'Priority tier; higher is tried first.',
    rule: 'Integer, at least -999 (a double so a fractional value reaches the rule and its message).',
  },
  weight: {
    kind: 'number',
    proto: { read: 8, write: 15, readAs: 'int32' },
    doc: 'Weight inside its priority tier (non-negative).',
    rule: 'Integer; negative values are stored as 0 (a double so a fractional value reaches the rule).',
  },
  auto_ban: {
    kind: 'int',
    proto: { read: 22, write: 16 },
    doc: '1: the relay may disable the channel automatically.',
    rule: '1 or 0.',
  },
  status: {
    kind: 'int',
    proto: { read: 7, write: 17 },
    doc: '1 enabled, 2 disabled, 3 disabled automatically.',
    rule: '1 enabled or 2 disabled (3 only when sent back unchanged).',
  },
  tag: {
    kind: 'text',
    max: TEXT,
    nullable: true,
    proto: { read: 24, write: 18 },
    doc: 'Grouping label, or empty.',
    rule: 'Grouping label.',
  },
  max_input_tokens: {
    kind: 'int',
    proto: { read: 27, write: 19 },
    doc: 'Largest prompt accepted, in tokens; 0 for no limit.',
    rule: 'Largest prompt accepted, in tokens (0 no limit).',
  },
  max_rpm: {
    kind: 'int',
    proto: { read: 30, write: 20 },
    doc: 'Requests per minute sent to the channel (all relay replicas); 0 for no cap.',
    rule: 'Requests per minute (0 no cap).',
  },
  max_tpm: {
    kind: 'int',
    proto: { read: 31, write: 21 },
    doc: 'Tokens per minute the channel may use; 0 for no cap.',
    rule: 'Tokens per minute (0 no cap).',
  },
  max_concurrency: {
    kind: 'int',
    proto: { read: 32, write: 22 },
    doc: "Requests in flight per relay replica; 0 for no cap. More wait in the channel's queue.",
    rule: 'Requests in flight per relay replica (0 no cap).',
  },
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
