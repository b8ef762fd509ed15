import type { RelayEndpoint } from './types';

/**
 * Wire schemas: the protocol a channel's upstream speaks. Adapters are chosen by schema (one
 * folder each, one registry); an OpenAI-compatible vendor is a catalogue entry of the `openai`
 * schema, not code.
 */
export const WIRE_SCHEMAS = [
  'openai',
  'azure-openai',
  'anthropic',
  'gemini',
  'palm',
  'vertex-ai',
  'aws-bedrock',
  'midjourney-proxy',
  'suno',
  'baidu',
  'zhipu',
  'zhipu-v4',
  'ali',
  'xunfei',
  'tencent',
  'cohere',
  'dify',
  'cloudflare',
  'mokaai',
  'aiproxy-library',
] as const;
export type WireSchema = (typeof WIRE_SCHEMAS)[number];

/** How a channel's key authenticates upstream. Only the first two are implemented so far. */
export const AUTH_STYLES = [
  /** `Authorization: Bearer <key>`. */
  'bearer',
  /** `api-key: <key>` (Azure). */
  'api-key-header',
  /** `x-api-key: <key>` (Anthropic). */
  'x-api-key-header',
  /** `x-goog-api-key: <key>` (Gemini). */
  'goog-api-key-header',
  /** `mj-api-secret: <key>` (Midjourney-Proxy). */
  'mj-api-secret-header',
  /** `?key=<key>` (PaLM). */
  'query-key',
  /** `APIKey|SecretKey` exchanged for an OAuth access token (Baidu). */
  'baidu-access-token',
  /** `id.secret` signed into a short-lived JWT (Zhipu). */
  'zhipu-jwt',
  /** `APPID|APISecret|APIKey` signing a websocket URL (iFlytek). */
  'xunfei-signature',
  /** `AppId|SecretId|SecretKey` TC3-HMAC request signing (Tencent). */
  'tencent-tc3',
  /** `Ak|Sk|Region` SigV4 request signing (AWS). */
  'aws-sigv4',
  /** A service-account JSON exchanged for an OAuth token (Vertex). */
  'gcp-service-account',
] as const;
export type AuthStyle = (typeof AUTH_STYLES)[number];

/** How an OpenAI-compatible vendor departs from OpenAI itself; data read by the `openai` adapter. */
export interface OpenAIQuirks {
  /**
   * The upstream accepts `stream_options`, so `include_usage` can be forced on; otherwise the
   * field is removed. The reference's list (`relay/channel/openai` plus its "supports stream
   * options" set): OpenAI, Azure, Ollama, VolcEngine.
   */
  readonly streamOptions: boolean;
  /** Replaces `/v1` in front of the endpoint (VolcEngine `/api/v3`, Qianfan V2 `/v2`). */
  readonly pathPrefix?: string;
  /** Whole paths for some endpoints (MiniMax's chat completions). */
  readonly paths?: Readonly<Partial<Record<RelayEndpoint, string>>>;
  /** The only endpoints the vendor offers; absent means every one (unknown ones fail upstream). */
  readonly endpoints?: readonly RelayEndpoint[];
  /** Static headers added to every call (OpenRouter's app attribution). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** One channel type of spec §3: the stored numeric id and how to reach its upstream. */
export interface ChannelTypeInfo {
  /** `channels.type`; part of the stored data and the `/api` contract. */
  readonly id: number;
  /** English display name. */
  readonly name: string;
  readonly schema: WireSchema;
  /** Base URL used when the channel's `base_url` is empty; null: the channel must set one. */
  readonly defaultBaseUrl: string | null;
  readonly auth: AuthStyle;
  /** Present for the `openai` and `azure-openai` schemas. */
  readonly quirks?: OpenAIQuirks;
}

const OPENAI_PLAIN: OpenAIQuirks = { streamOptions: false };

/**
 * Every channel type of spec §3, with the reference's default base URLs (new-api
 * `common/constants.go`) and adaptors (`relay/relay_adaptor.go`). Vendors whose reference adaptor
 * is the OpenAI one or a thin wrapper that passes OpenAI requests through (DeepSeek, Mistral,
 * SiliconFlow, Jina, VolcEngine, Qianfan V2, Xinference, Ollama's OpenAI endpoints) are entries
 * of the `openai` schema.
 */
export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = Object.freeze([
  { id: 1, name: 'OpenAI', schema: 'openai', defaultBaseUrl: 'https://api.openai.com', auth: 'bearer', quirks: { streamOptions: true } },
  { id: 2, name: 'Midjourney Proxy', schema: 'midjourney-proxy', defaultBaseUrl: null, auth: 'mj-api-secret-header' },
  { id: 3, name: 'Azure OpenAI', schema: 'azure-openai', defaultBaseUrl: null, auth: 'api-key-header', quirks: { streamOptions: true } },
  // Ollama's OpenAI-compatible endpoints (/v1/chat/completions, /v1/embeddings); no key needed.
  { id: 4, name: 'Ollama', schema: 'openai', defaultBaseUrl: 'http://localhost:11434', auth: 'bearer', quirks: { streamOptions: true } },
  { id: 5, name: 'Midjourney Proxy Plus', schema: 'midjourney-proxy', defaultBaseUrl: null, auth: 'mj-api-secret-header' },
  // The base URL is the whole upstream URL; `{model}` in it becomes the upstream model name.
  { id: 8, name: 'Custom', schema: 'openai', defaultBaseUrl: null, auth: 'bearer', quirks: OPENAI_PLAIN },
  { id: 11, name: 'Google PaLM2', schema: 'palm', defaultBaseUrl: null, auth: 'query-key' },
  { id: 14, name: 'Anthropic Claude', schema: 'anthropic', defaultBaseUrl: 'https://api.anthropic.com', auth: 'x-api-key-header' },
  { id: 15, name: 'Baidu Qianfan', schema: 'baidu', defaultBaseUrl: 'https://aip.baidubce.com', auth: 'baidu-access-token' },
  { id: 16, name: 'Zhipu ChatGLM', schema: 'zhipu', defaultBaseUrl: 'https://open.bigmodel.cn', auth: 'zhipu-jwt' },
  { id: 17, name: 'Alibaba Qwen', schema: 'ali', defaultBaseUrl: 'https://dashscope.aliyuncs.com', auth: 'bearer' },
  { id: 18, name: 'iFlytek Spark', schema: 'xunfei', defaultBaseUrl: null, auth: 'xunfei-signature' },
  { id: 19, name: '360 AI Brain', schema: 'openai', defaultBaseUrl: 'https://api.360.cn', auth: 'bearer', quirks: OPENAI_PLAIN },
  {
    id: 20,
    name: 'OpenRouter',
    schema: 'openai',
    defaultBaseUrl: 'https://openrouter.ai/api',
    auth: 'bearer',
    // App attribution headers, as the reference sends: https://openrouter.ai/docs/api-reference/overview#headers
    quirks: { streamOptions: false, headers: { 'HTTP-Referer': 'https://modelgate.dev', 'X-Title': 'Modelgate' } },
  },
  // The reference has no adaptor for it ("invalid api type").
  { id: 21, name: 'AI Proxy Library', schema: 'aiproxy-library', defaultBaseUrl: 'https://api.aiproxy.io', auth: 'bearer' },
  // The key is FastGPT's `APIKey-AppId` form, sent as the bearer token as is.
  { id: 22, name: 'FastGPT', schema: 'openai', defaultBaseUrl: 'https://fastgpt.run/api/openapi', auth: 'bearer', quirks: OPENAI_PLAIN },
  { id: 23, name: 'Tencent Hunyuan', schema: 'tencent', defaultBaseUrl: 'https://hunyuan.tencentcloudapi.com', auth: 'tencent-tc3' },
  { id: 24, name: 'Google Gemini', schema: 'gemini', defaultBaseUrl: 'https://generativelanguage.googleapis.com', auth: 'goog-api-key-header' },
  // Moonshot reports streamed usage inside the last choice; the stream parser reads it there.
  { id: 25, name: 'Moonshot', schema: 'openai', defaultBaseUrl: 'https://api.moonshot.cn', auth: 'bearer', quirks: OPENAI_PLAIN },
  { id: 26, name: 'Zhipu GLM-4V', schema: 'zhipu-v4', defaultBaseUrl: 'https://open.bigmodel.cn', auth: 'zhipu-jwt' },
  { id: 31, name: '01.AI', schema: 'openai', defaultBaseUrl: 'https://api.lingyiwanwu.com', auth: 'bearer', quirks: OPENAI_PLAIN },
  { id: 33, name: 'AWS Claude', schema: 'aws-bedrock', defaultBaseUrl: null, auth: 'aws-sigv4' },
  { id: 34, name: 'Cohere', schema: 'cohere', defaultBaseUrl: 'https://api.cohere.ai', auth: 'bearer' },
  {
    id: 35,
    name: 'MiniMax',
    schema: 'openai',
    defaultBaseUrl: 'https://api.minimax.chat',
    auth: 'bearer',
    // MiniMax's OpenAI-shaped chat lives at its own path; its other APIs are not OpenAI-shaped.
    quirks: { streamOptions: false, paths: { 'chat/completions': '/v1/text/chatcompletion_v2' }, endpoints: ['chat/completions'] },
  },
  { id: 36, name: 'Suno API', schema: 'suno', defaultBaseUrl: null, auth: 'bearer' },
  { id: 37, name: 'Dify', schema: 'dify', defaultBaseUrl: 'https://api.dify.ai', auth: 'bearer' },
  // Jina serves OpenAI-shaped embeddings and the Jina/Cohere-style rerank, nothing else.
  {
    id: 38,
    name: 'Jina',
    schema: 'openai',
    defaultBaseUrl: 'https://api.jina.ai',
    auth: 'bearer',
    quirks: { streamOptions: false, endpoints: ['embeddings', 'rerank'] },
  },
  { id: 39, name: 'Cloudflare', schema: 'cloudflare', defaultBaseUrl: 'https://api.cloudflare.com', auth: 'bearer' },
  { id: 40, name: 'SiliconCloud', schema: 'openai', defaultBaseUrl: 'https://api.siliconflow.cn', auth: 'bearer', quirks: OPENAI_PLAIN },
  { id: 41, name: 'Vertex AI', schema: 'vertex-ai', defaultBaseUrl: null, auth: 'gcp-service-account' },
  { id: 42, name: 'Mistral AI', schema: 'openai', defaultBaseUrl: 'https://api.mistral.ai', auth: 'bearer', quirks: OPENAI_PLAIN },
  // DeepSeek reports cache hits as `prompt_cache_hit_tokens`; usage parsing reads it as cached tokens.
  { id: 43, name: 'DeepSeek', schema: 'openai', defaultBaseUrl: 'https://api.deepseek.com', auth: 'bearer', quirks: OPENAI_PLAIN },
  { id: 44, name: 'MokaAI M3E', schema: 'mokaai', defaultBaseUrl: 'https://api.moka.ai', auth: 'bearer' },
  {
    id: 45,
    name: 'VolcEngine Ark',
    schema: 'openai',
    defaultBaseUrl: 'https://ark.cn-beijing.volces.com',
    auth: 'bearer',
    quirks: { streamOptions: true, pathPrefix: '/api/v3' },
  },
  {
    id: 46,
    name: 'Baidu Qianfan V2',
    schema: 'openai',
    defaultBaseUrl: 'https://qianfan.baidubce.com',
    auth: 'bearer',
    quirks: { streamOptions: false, pathPrefix: '/v2' },
  },
  { id: 47, name: 'Xinference', schema: 'openai', defaultBaseUrl: null, auth: 'bearer', quirks: OPENAI_PLAIN },
] satisfies ChannelTypeInfo[]);

const BY_ID = new Map(CHANNEL_TYPES.map((type) => [type.id, type]));

/** The catalogue entry of a stored channel type, or undefined for an id spec §3 does not list. */
export function findChannelType(id: number): ChannelTypeInfo | undefined {
  return BY_ID.get(id);
}
