import { DEFAULT_MODELS } from './default-models';

/** A column a channel type asks for besides name, key, models and groups. */
export interface ChannelExtraField {
  /** The channel column the value is stored in. */
  readonly field: 'base_url' | 'other';
  /** What the value means for this type (English; the console translates). */
  readonly label: string;
  /** True when the channel cannot work without it. */
  readonly required: boolean;
}

/** What the admin side needs to know about one channel type (spec §3, §9). */
export interface ChannelTypeEntry {
  /** `channels.type`; part of the stored data and the `/api` contract. */
  readonly id: number;
  /** English display name. */
  readonly name: string;
  /** Models a new channel of this type offers by default (`GET /api/models`). */
  readonly defaultModels: readonly string[];
  /** The key's shape when it is made of several parts, e.g. `APIKey|SecretKey`. */
  readonly keyFormat?: string;
  /** Parts of a `|`-separated key, checked on write; absent when the key is one opaque secret. */
  readonly keyParts?: number;
  /**
   * The key is one document (a service-account JSON) that may span lines: a multi-line key
   * creates one channel, not one per line.
   */
  readonly keyIsDocument?: boolean;
  /** Columns this type needs besides the common ones. */
  readonly extraFields: readonly ChannelExtraField[];
  /** `other` stored when a channel of this type is written with none. */
  readonly defaultOther?: string;
}

const entry = (id: number, name: string, extra: Partial<ChannelTypeEntry> = {}): ChannelTypeEntry =>
  Object.freeze({ id, name, defaultModels: DEFAULT_MODELS[id] ?? [], extraFields: [], ...extra });

const baseUrl = (label: string, required = true): ChannelExtraField => ({ field: 'base_url', label, required });
const other = (label: string, required = true): ChannelExtraField => ({ field: 'other', label, required });

/**
 * Every channel type of spec §3, numbered as the reference (new-api) numbers them. Pure data,
 * shared by relay's channel administration, the console-facing code and the Kubernetes operator;
 * how relay talks to each type's upstream lives in relay's own provider catalogue.
 */
export const CHANNEL_TYPE_CATALOGUE: readonly ChannelTypeEntry[] = Object.freeze([
  entry(1, 'OpenAI'),
  entry(2, 'Midjourney Proxy', { extraFields: [baseUrl('Midjourney-Proxy address')] }),
  entry(3, 'Azure OpenAI', { extraFields: [baseUrl('Endpoint'), other('API version (e.g. 2024-10-21)')] }),
  entry(4, 'Ollama'),
  entry(5, 'Midjourney Proxy Plus', { extraFields: [baseUrl('Midjourney-Proxy-Plus address')] }),
  entry(8, 'Custom', { extraFields: [baseUrl('Full upstream URL ({model} becomes the model name)')] }),
  entry(11, 'Google PaLM2'),
  entry(14, 'Anthropic Claude'),
  entry(15, 'Baidu Qianfan', { keyFormat: 'APIKey|SecretKey', keyParts: 2 }),
  entry(16, 'Zhipu ChatGLM'),
  entry(17, 'Alibaba Qwen'),
  entry(18, 'iFlytek Spark', {
    keyFormat: 'APPID|APISecret|APIKey',
    keyParts: 3,
    extraFields: [other('Spark API version (e.g. v2.1, v3.5)')],
    defaultOther: 'v2.1',
  }),
  entry(19, '360 AI Brain'),
  entry(20, 'OpenRouter'),
  entry(21, 'AI Proxy Library', { extraFields: [other('Knowledge base id')] }),
  entry(22, 'FastGPT', { keyFormat: 'APIKey-AppId', extraFields: [baseUrl('FastGPT API address', false)] }),
  entry(23, 'Tencent Hunyuan', { keyFormat: 'AppId|SecretId|SecretKey', keyParts: 3 }),
  entry(24, 'Google Gemini'),
  entry(25, 'Moonshot'),
  entry(26, 'Zhipu GLM-4V'),
  entry(31, '01.AI'),
  entry(33, 'AWS Claude', { keyFormat: 'Ak|Sk|Region', keyParts: 3 }),
  entry(34, 'Cohere'),
  entry(35, 'MiniMax'),
  entry(36, 'Suno API', { extraFields: [baseUrl('Suno API address')] }),
  entry(37, 'Dify', { extraFields: [baseUrl('Dify API address', false)] }),
  entry(38, 'Jina'),
  entry(39, 'Cloudflare', { extraFields: [other('Account id')] }),
  entry(40, 'SiliconCloud', { extraFields: [baseUrl('API address', false)] }),
  entry(41, 'Vertex AI', {
    keyFormat: 'service-account JSON',
    keyIsDocument: true,
    extraFields: [other('Region (e.g. us-central1), or a JSON object of model → region with a "default"')],
  }),
  entry(42, 'Mistral AI'),
  entry(43, 'DeepSeek'),
  entry(44, 'MokaAI M3E'),
  entry(45, 'VolcEngine Ark'),
  entry(46, 'Baidu Qianfan V2'),
  entry(47, 'Xinference', { extraFields: [baseUrl('Xinference address')] }),
]);

const BY_ID = new Map(CHANNEL_TYPE_CATALOGUE.map((type) => [type.id, type]));

/** The catalogue entry of a channel type, or undefined for a type spec §3 does not list. */
export function channelTypeEntry(id: number): ChannelTypeEntry | undefined {
  return BY_ID.get(id);
}

/** Type id → default models, the `GET /api/models` map. */
export function defaultModelsByType(): Record<number, readonly string[]> {
  return Object.fromEntries(CHANNEL_TYPE_CATALOGUE.map((type) => [type.id, type.defaultModels]));
}

/** Every model some type offers by default, sorted and distinct. */
export function catalogueModels(): string[] {
  return [...new Set(CHANNEL_TYPE_CATALOGUE.flatMap((type) => type.defaultModels))].sort();
}
