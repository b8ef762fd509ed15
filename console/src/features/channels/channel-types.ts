import i18n from '../../i18n';

/**
 * The channel types of spec §3 in the order the editor's dropdown lists them, mirroring the
 * server's catalogue (services/channels/src/catalogue), with what the editor needs per type:
 * the address field it shows, the `other` field, the key's format and a notice.
 */

/** Labels of the type-specific inputs (translated under `channel:editor.extra.<label>`). */
export type ExtraLabel =
  | 'apiAddress'
  | 'midjourneyAddress'
  | 'sunoAddress'
  | 'azureEndpoint'
  | 'azureApiVersion'
  | 'customFullUrl'
  | 'fastgptAddress'
  | 'difyAddress'
  | 'xinferenceAddress'
  | 'sparkVersion'
  | 'knowledgeBaseId'
  | 'cloudflareAccount'
  | 'vertexRegion';

/** A notice shown above a type's fields (translated under `channel:editor.notice.<name>`). */
export type TypeNotice = 'azure' | 'custom' | 'dify' | 'suno' | 'siliconCloud' | 'vertex';

/** One type-specific input: which channel column it writes and how it is labelled. */
export interface ExtraFieldSpec {
  field: 'base_url' | 'other';
  label: ExtraLabel;
  /** An example value shown as the placeholder (not translated: it is a value). */
  example?: string;
  /** The channel cannot work without it. */
  required: boolean;
  /** A textarea rather than a one-line input. */
  multiline?: boolean;
  /** Written when the field is left empty (type 18's version). */
  emptyMeans?: string;
  /** Inserted by the field's "fill template" button. */
  template?: string;
}

export interface ChannelTypeSpec {
  id: number;
  /** English name; the console shows the translated `channel:types.<id>`. */
  name: string;
  /** The address input; null when the type has none. */
  baseUrl: ExtraFieldSpec | null;
  /** The input written to `other`, when the type has one. */
  other?: ExtraFieldSpec;
  /** The key's shape when it has several parts (spec §9). */
  keyFormat?: string;
  /** Number of `|`-separated parts the key must have. */
  keyParts?: number;
  /** The key is one JSON document (a multi-line key is one channel). */
  keyIsDocument?: boolean;
  notice?: TypeNotice;
  /** Shows the OpenAI organization input. */
  organization?: boolean;
}

const address = (extra: Partial<ExtraFieldSpec> = {}): ExtraFieldSpec => ({
  field: 'base_url',
  label: 'apiAddress',
  required: false,
  ...extra,
});
const other = (label: ExtraLabel, extra: Partial<ExtraFieldSpec> = {}): ExtraFieldSpec => ({
  field: 'other',
  label,
  required: true,
  ...extra,
});

const VERTEX_REGION_TEMPLATE = JSON.stringify({ default: 'us-central1', 'claude-3-5-sonnet-20241022': 'europe-west1' }, null, 2);

const type = (id: number, name: string, extra: Partial<ChannelTypeSpec> = {}): ChannelTypeSpec => ({
  id,
  name,
  baseUrl: address(),
  ...extra,
});

/** Every type, in dropdown order (the reference's order; spec §3 lists the numbers). */
export const CHANNEL_TYPES: readonly ChannelTypeSpec[] = [
  type(1, 'OpenAI', { organization: true }),
  type(2, 'Midjourney Proxy', { baseUrl: address({ label: 'midjourneyAddress', required: true }) }),
  type(5, 'Midjourney Proxy Plus', { baseUrl: address({ label: 'midjourneyAddress', required: true }) }),
  type(36, 'Suno API', { baseUrl: address({ label: 'sunoAddress', required: true }), notice: 'suno' }),
  type(4, 'Ollama', { baseUrl: address({ example: 'http://localhost:11434' }) }),
  type(14, 'Anthropic Claude'),
  type(33, 'AWS Claude', { keyFormat: 'Ak|Sk|Region', keyParts: 3 }),
  type(41, 'Vertex AI', {
    keyIsDocument: true,
    notice: 'vertex',
    other: other('vertexRegion', { example: 'us-central1', multiline: true, template: VERTEX_REGION_TEMPLATE }),
  }),
  type(3, 'Azure OpenAI', {
    baseUrl: address({ label: 'azureEndpoint', required: true, example: 'https://docs-test-001.openai.azure.com' }),
    other: other('azureApiVersion', { example: '2024-12-01-preview' }),
    notice: 'azure',
  }),
  type(34, 'Cohere'),
  type(39, 'Cloudflare', { other: other('cloudflareAccount', { example: 'd6b5da8hk1awo8nap34ube6gh' }) }),
  type(43, 'DeepSeek'),
  type(15, 'Baidu Qianfan', { keyFormat: 'APIKey|SecretKey', keyParts: 2 }),
  type(46, 'Baidu Qianfan V2'),
  type(17, 'Alibaba Qwen'),
  type(18, 'iFlytek Spark', {
    keyFormat: 'APPID|APISecret|APIKey',
    keyParts: 3,
    other: other('sparkVersion', { example: 'v2.1', required: false, emptyMeans: 'v2.1' }),
  }),
  type(16, 'Zhipu ChatGLM'),
  type(26, 'Zhipu GLM-4V'),
  type(24, 'Google Gemini'),
  type(11, 'Google PaLM2'),
  type(47, 'Xinference', { baseUrl: address({ label: 'xinferenceAddress', required: true, example: 'http://localhost:9997' }) }),
  type(25, 'Moonshot'),
  type(20, 'OpenRouter'),
  type(19, '360 AI Brain'),
  type(23, 'Tencent Hunyuan', { keyFormat: 'AppId|SecretId|SecretKey', keyParts: 3 }),
  type(31, '01.AI'),
  type(35, 'MiniMax'),
  type(37, 'Dify', { baseUrl: address({ label: 'difyAddress', example: 'https://api.dify.ai' }), notice: 'dify' }),
  type(38, 'Jina'),
  type(40, 'SiliconCloud', { notice: 'siliconCloud', baseUrl: address({ example: 'https://api.siliconflow.cn' }) }),
  type(42, 'Mistral AI'),
  type(8, 'Custom', {
    baseUrl: address({ label: 'customFullUrl', required: true, example: 'https://api.example.com/v1/chat/completions' }),
    notice: 'custom',
  }),
  type(22, 'FastGPT', {
    keyFormat: 'APIKey-AppId',
    baseUrl: address({ label: 'fastgptAddress', example: 'https://fastgpt.run/api/openapi' }),
  }),
  type(21, 'AI Proxy Library', { other: other('knowledgeBaseId') }),
  type(44, 'MokaAI M3E'),
  type(45, 'VolcEngine Ark', { baseUrl: null }),
];

const BY_ID = new Map(CHANNEL_TYPES.map((spec) => [spec.id, spec]));

/** The spec of a type; an unknown stored type gets the plain defaults so it stays editable. */
export function channelTypeSpec(id: number): ChannelTypeSpec {
  return BY_ID.get(id) ?? { id, name: String(id), baseUrl: address() };
}

export function isKnownChannelType(id: number): boolean {
  return BY_ID.has(id);
}

/** The type's name in the current language (`#<id>` for a type the console does not know). */
export function channelTypeName(id: number): string {
  const key = `channel:types.${id}`;
  return i18n.exists(key) ? i18n.t(key as 'channel:types.1') : `#${id}`;
}

/** The extra fields a type shows, in screen order (address first). */
export function extraFieldsOf(spec: ChannelTypeSpec): ExtraFieldSpec[] {
  return [spec.baseUrl, spec.other].filter((field): field is ExtraFieldSpec => field !== null && field !== undefined);
}
