// The building blocks of a catalogue entry: the default address field, the `other` field, the
// shared OpenAI quirks and models path, and `type()`, which fills in what every entry has.
import { type ChannelType, type ExtraField, type OpenAIQuirks, type UnservedNote } from './channel-type';
import { DEFAULT_MODELS } from './default-models';

export const address = (extra: Partial<ExtraField> = {}): ExtraField =>
  Object.freeze({ field: 'base_url', label: 'apiAddress', description: 'API address', required: false, ...extra });
export const other = (extra: Partial<ExtraField> & Pick<ExtraField, 'label' | 'description'>): ExtraField =>
  Object.freeze({ field: 'other', required: true, ...extra });

export const OPENAI_PLAIN: OpenAIQuirks = Object.freeze({ streamOptions: false });
/** `/v1/models` below the base URL: what OpenAI and most compatible vendors list their models at. */
export const MODELS_PATH = '/v1/models';

export const VERTEX_REGION_TEMPLATE = JSON.stringify({ default: 'us-central1', 'claude-3-5-sonnet-20241022': 'europe-west1' }, null, 2);

export const notSupported = (reason: UnservedNote['reason'], description: string): UnservedNote =>
  Object.freeze({ group: 'notSupported', reason, description });

export type Entry = Omit<ChannelType, 'defaultModels' | 'baseUrlField' | 'rules'> &
  Partial<Pick<ChannelType, 'baseUrlField' | 'rules'>>;

export const type = (entry: Entry): ChannelType =>
  Object.freeze({
    baseUrlField: address(),
    rules: Object.freeze({}),
    ...entry,
    defaultModels: DEFAULT_MODELS[entry.id] ?? [],
  });
