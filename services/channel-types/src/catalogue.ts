import type { ChannelType, ExtraField, OpenAIQuirks } from './channel-type';
import { DEFAULT_MODELS } from './default-models';

const address = (extra: Partial<ExtraField> = {}): ExtraField =>
  Object.freeze({ field: 'base_url', label: 'apiAddress', description: 'API address', required: false, ...extra });
const other = (extra: Partial<ExtraField> & Pick<ExtraField, 'label' | 'description'>): ExtraField =>
  Object.freeze({ field: 'other', required: true, ...extra });

const OPENAI_PLAIN: OpenAIQuirks = Object.freeze({ streamOptions: false });
/** `/v1/models` below the base URL: what OpenAI and most compatible vendors list their models at. */
const MODELS_PATH = '/v1/models';

const VERTEX_REGION_TEMPLATE = JSON.stringify({ default: 'us-central1', 'claude-3-5-sonnet-20241022': 'europe-west1' }, null, 2);

type Entry = Omit<ChannelType, 'defaultModels' | 'baseUrlField' | 'rules'> &
  Partial<Pick<ChannelType, 'baseUrlField' | 'rules'>>;

const type = (entry: Entry): ChannelType =>
  Object.freeze({
    baseUrlField: address(),
    rules: Object.freeze({}),
    ...entry,
    defaultModels: DEFAULT_MODELS[entry.id] ?? [],
  });

/**
 * Every channel type of the product spec (§3), numbered as the reference numbers them, in the
 * order the console's type picker lists them. Default base URLs and adaptors follow the
 * reference; vendors whose API is OpenAI's, or a thin wrapper passing OpenAI requests through
 * (DeepSeek, Mistral, SiliconFlow, Jina, VolcEngine, Qianfan V2, Xinference, Ollama's OpenAI
 * endpoints), are entries of the `openai` schema.
 */
export const CHANNEL_TYPES: readonly ChannelType[] = Object.freeze([
  type({
    id: 1,
    name: 'OpenAI',
    provider: 'openai',
    schema: 'openai',
    defaultBaseUrl: 'https://api.openai.com',
    auth: 'bearer',
    quirks: { streamOptions: true, organization: true },
    rules: { modelsPath: MODELS_PATH, balance: 'openai' },
  }),
  type({
    id: 2,
    name: 'Midjourney Proxy',
    provider: 'midjourney-proxy',
    schema: 'midjourney-proxy',
    defaultBaseUrl: null,
    auth: 'mj-api-secret-header',
    baseUrlField: address({ label: 'midjourneyAddress', description: 'Midjourney-Proxy address', required: true }),
  }),
  type({
    id: 5,
    name: 'Midjourney Proxy Plus',
    provider: 'midjourney-proxy-plus',
    schema: 'midjourney-proxy',
    defaultBaseUrl: null,
    auth: 'mj-api-secret-header',
    baseUrlField: address({ label: 'midjourneyAddress', description: 'Midjourney-Proxy-Plus address', required: true }),
  }),
  type({
    id: 36,
    name: 'Suno API',
    provider: 'suno',
    schema: 'suno',
    defaultBaseUrl: null,
    auth: 'bearer',
    baseUrlField: address({ label: 'sunoAddress', description: 'Suno API address', required: true }),
  }),
  type({
    id: 4,
    name: 'Ollama',
    provider: 'ollama',
    // Ollama's OpenAI-compatible endpoints (/v1/chat/completions, /v1/embeddings); no key needed.
    schema: 'openai',
    defaultBaseUrl: 'http://localhost:11434',
    auth: 'bearer',
    baseUrlField: address({ example: 'http://localhost:11434' }),
    quirks: { streamOptions: true },
    rules: { modelsPath: MODELS_PATH },
  }),
  type({
    id: 14,
    name: 'Anthropic Claude',
    provider: 'anthropic',
    schema: 'anthropic',
    defaultBaseUrl: 'https://api.anthropic.com',
    auth: 'x-api-key-header',
    // Anthropic answers some transient overloads with 400; another channel may well succeed.
    rules: { retryOn400: true, modelsPath: MODELS_PATH },
  }),
  type({
    id: 33,
    name: 'AWS Claude',
    provider: 'aws-claude',
    schema: 'aws-bedrock',
    // The Bedrock Runtime endpoint of the key's region; a base URL replaces it (VPC endpoints).
    defaultBaseUrl: null,
    auth: 'aws-sigv4',
    key: { format: 'Ak|Sk|Region', parts: 3 },
    baseUrlField: address({ description: 'Bedrock Runtime endpoint (default: the region of the key)' }),
    rules: { modelsPath: null },
  }),
  type({
    id: 41,
    name: 'Vertex AI',
    provider: 'vertex-ai',
    schema: 'vertex-ai',
    defaultBaseUrl: null,
    auth: 'gcp-service-account',
    key: { format: 'service-account JSON', document: true },
    otherField: other({
      label: 'vertexRegion',
      description: 'Region (e.g. us-central1), or a JSON object of model → region with a "default"',
      example: 'us-central1',
      multiline: true,
      template: VERTEX_REGION_TEMPLATE,
    }),
  }),
  type({
    id: 3,
    name: 'Azure OpenAI',
    provider: 'azure',
    schema: 'azure-openai',
    defaultBaseUrl: null,
    auth: 'api-key-header',
    baseUrlField: address({
      label: 'azureEndpoint',
      description: 'Endpoint',
      required: true,
      example: 'https://docs-test-001.openai.azure.com',
    }),
    otherField: other({ label: 'azureApiVersion', description: 'API version', example: '2024-12-01-preview' }),
    quirks: { streamOptions: true },
  }),
  type({ id: 34, name: 'Cohere', provider: 'cohere', schema: 'cohere', defaultBaseUrl: 'https://api.cohere.ai', auth: 'bearer' }),
  type({
    id: 39,
    name: 'Cloudflare',
    provider: 'cloudflare',
    schema: 'cloudflare',
    defaultBaseUrl: 'https://api.cloudflare.com',
    auth: 'bearer',
    otherField: other({ label: 'cloudflareAccount', description: 'Account id', example: 'd6b5da8hk1awo8nap34ube6gh' }),
  }),
  type({
    id: 43,
    name: 'DeepSeek',
    provider: 'deepseek',
    // DeepSeek reports cache hits as `prompt_cache_hit_tokens`; usage parsing reads it as cached tokens.
    schema: 'openai',
    defaultBaseUrl: 'https://api.deepseek.com',
    auth: 'bearer',
    quirks: OPENAI_PLAIN,
    rules: { modelsPath: MODELS_PATH, balance: 'deepseek' },
  }),
  type({
    id: 15,
    name: 'Baidu Qianfan',
    provider: 'baidu',
    schema: 'baidu',
    defaultBaseUrl: 'https://aip.baidubce.com',
    auth: 'baidu-access-token',
    key: { format: 'APIKey|SecretKey', parts: 2 },
  }),
  type({
    id: 46,
    name: 'Baidu Qianfan V2',
    provider: 'baidu-v2',
    schema: 'openai',
    defaultBaseUrl: 'https://qianfan.baidubce.com',
    auth: 'bearer',
    quirks: { streamOptions: false, pathPrefix: '/v2' },
    rules: { modelsPath: '/v2/models' },
  }),
  type({ id: 17, name: 'Alibaba Qwen', provider: 'alibaba', schema: 'ali', defaultBaseUrl: 'https://dashscope.aliyuncs.com', auth: 'bearer' }),
  type({
    id: 18,
    name: 'iFlytek Spark',
    provider: 'xunfei',
    schema: 'xunfei',
    defaultBaseUrl: null,
    auth: 'xunfei-signature',
    key: { format: 'APPID|APISecret|APIKey', parts: 3 },
    otherField: other({
      label: 'sparkVersion',
      description: 'Spark API version (e.g. v2.1, v3.5)',
      example: 'v2.1',
      required: false,
      emptyMeans: 'v2.1',
    }),
  }),
  type({ id: 16, name: 'Zhipu ChatGLM', provider: 'zhipu', schema: 'zhipu', defaultBaseUrl: 'https://open.bigmodel.cn', auth: 'zhipu-jwt' }),
  type({ id: 26, name: 'Zhipu GLM-4V', provider: 'zhipu-v4', schema: 'zhipu-v4', defaultBaseUrl: 'https://open.bigmodel.cn', auth: 'zhipu-jwt' }),
  type({
    id: 24,
    name: 'Google Gemini',
    provider: 'gemini',
    schema: 'gemini',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com',
    auth: 'goog-api-key-header',
    // A revoked or wrong key answers 403 rather than 401.
    rules: { disableOn403: true, modelsPath: '/v1beta/openai/models' },
  }),
  type({ id: 11, name: 'Google PaLM2', provider: 'palm', schema: 'palm', defaultBaseUrl: null, auth: 'query-key' }),
  type({
    id: 47,
    name: 'Xinference',
    provider: 'xinference',
    schema: 'openai',
    defaultBaseUrl: null,
    auth: 'bearer',
    baseUrlField: address({
      label: 'xinferenceAddress',
      description: 'Xinference address',
      required: true,
      example: 'http://localhost:9997',
    }),
    quirks: OPENAI_PLAIN,
    rules: { modelsPath: MODELS_PATH },
  }),
  type({
    id: 25,
    name: 'Moonshot',
    provider: 'moonshot',
    // Moonshot reports streamed usage inside the last choice; the stream parser reads it there.
    schema: 'openai',
    defaultBaseUrl: 'https://api.moonshot.cn',
    auth: 'bearer',
    quirks: OPENAI_PLAIN,
    rules: { modelsPath: MODELS_PATH },
  }),
  type({
    id: 20,
    name: 'OpenRouter',
    provider: 'openrouter',
    schema: 'openai',
    defaultBaseUrl: 'https://openrouter.ai/api',
    auth: 'bearer',
    // App attribution headers: https://openrouter.ai/docs/api-reference/overview#headers
    quirks: { streamOptions: false, headers: { 'HTTP-Referer': 'https://modelgate.dev', 'X-Title': 'Modelgate' } },
    rules: { modelsPath: MODELS_PATH },
  }),
  type({
    id: 19,
    name: '360 AI Brain',
    provider: 'ai360',
    schema: 'openai',
    defaultBaseUrl: 'https://api.360.cn',
    auth: 'bearer',
    quirks: OPENAI_PLAIN,
    rules: { modelsPath: MODELS_PATH },
  }),
  type({
    id: 23,
    name: 'Tencent Hunyuan',
    provider: 'tencent',
    schema: 'tencent',
    defaultBaseUrl: 'https://hunyuan.tencentcloudapi.com',
    auth: 'tencent-tc3',
    key: { format: 'AppId|SecretId|SecretKey', parts: 3 },
  }),
  type({
    id: 31,
    name: '01.AI',
    provider: 'lingyiwanwu',
    schema: 'openai',
    defaultBaseUrl: 'https://api.lingyiwanwu.com',
    auth: 'bearer',
    quirks: OPENAI_PLAIN,
    rules: { modelsPath: MODELS_PATH },
  }),
  type({
    id: 35,
    name: 'MiniMax',
    provider: 'minimax',
    schema: 'openai',
    defaultBaseUrl: 'https://api.minimax.chat',
    auth: 'bearer',
    // MiniMax's OpenAI-shaped chat lives at its own path; its other APIs are not OpenAI-shaped.
    quirks: { streamOptions: false, paths: { 'chat/completions': '/v1/text/chatcompletion_v2' }, endpoints: ['chat/completions'] },
    rules: { modelsPath: MODELS_PATH },
  }),
  type({
    id: 37,
    name: 'Dify',
    provider: 'dify',
    schema: 'dify',
    defaultBaseUrl: 'https://api.dify.ai',
    auth: 'bearer',
    baseUrlField: address({ label: 'difyAddress', description: 'Dify API address', example: 'https://api.dify.ai' }),
  }),
  type({
    id: 38,
    name: 'Jina',
    provider: 'jina',
    // Jina serves OpenAI-shaped embeddings and the Jina/Cohere-style rerank, nothing else.
    schema: 'openai',
    defaultBaseUrl: 'https://api.jina.ai',
    auth: 'bearer',
    quirks: { streamOptions: false, endpoints: ['embeddings', 'rerank'] },
    rules: { modelsPath: MODELS_PATH, testWithEmbeddings: true },
  }),
  type({
    id: 40,
    name: 'SiliconCloud',
    provider: 'siliconflow',
    schema: 'openai',
    defaultBaseUrl: 'https://api.siliconflow.cn',
    auth: 'bearer',
    baseUrlField: address({ example: 'https://api.siliconflow.cn' }),
    quirks: OPENAI_PLAIN,
    rules: { modelsPath: MODELS_PATH, balance: 'siliconflow' },
  }),
  type({
    id: 42,
    name: 'Mistral AI',
    provider: 'mistral',
    schema: 'openai',
    defaultBaseUrl: 'https://api.mistral.ai',
    auth: 'bearer',
    quirks: OPENAI_PLAIN,
    rules: { modelsPath: MODELS_PATH },
  }),
  type({
    id: 8,
    name: 'Custom',
    provider: 'custom',
    schema: 'openai',
    defaultBaseUrl: null,
    auth: 'bearer',
    baseUrlField: address({
      label: 'customFullUrl',
      description: 'Full upstream URL ({model} becomes the model name)',
      required: true,
      example: 'https://api.example.com/v1/chat/completions',
    }),
    quirks: { streamOptions: false, fullUrl: true },
    rules: { modelsPath: MODELS_PATH, balance: 'openai' },
  }),
  type({
    id: 22,
    name: 'FastGPT',
    provider: 'fastgpt',
    // The key is FastGPT's `APIKey-AppId` form, sent as the bearer token as is.
    schema: 'openai',
    defaultBaseUrl: 'https://fastgpt.run/api/openapi',
    auth: 'bearer',
    key: { format: 'APIKey-AppId' },
    baseUrlField: address({
      label: 'fastgptAddress',
      description: 'FastGPT API address',
      example: 'https://fastgpt.run/api/openapi',
    }),
    quirks: OPENAI_PLAIN,
    rules: { modelsPath: MODELS_PATH },
  }),
  type({
    id: 21,
    name: 'AI Proxy Library',
    provider: 'aiproxy-library',
    schema: 'aiproxy-library',
    defaultBaseUrl: 'https://api.aiproxy.io',
    auth: 'bearer',
    otherField: other({ label: 'knowledgeBaseId', description: 'Knowledge base id' }),
  }),
  type({
    id: 44,
    name: 'MokaAI M3E',
    provider: 'mokaai',
    schema: 'mokaai',
    defaultBaseUrl: 'https://api.moka.ai',
    auth: 'bearer',
    rules: { testWithEmbeddings: true },
  }),
  type({
    id: 45,
    name: 'VolcEngine Ark',
    provider: 'volcengine',
    schema: 'openai',
    defaultBaseUrl: 'https://ark.cn-beijing.volces.com',
    auth: 'bearer',
    baseUrlField: null,
    quirks: { streamOptions: true, pathPrefix: '/api/v3' },
    rules: { modelsPath: '/api/v3/models' },
  }),
]);
