import { CHANNEL_OTHER, type ChannelType, type ExtraField, type OpenAIQuirks, type UnservedNote } from './channel-type';
import { DEFAULT_MODELS } from './default-models';

const address = (extra: Partial<ExtraField> = {}): ExtraField =>
  Object.freeze({ field: 'base_url', label: 'apiAddress', description: 'API address', required: false, ...extra });
const other = (extra: Partial<ExtraField> & Pick<ExtraField, 'label' | 'description'>): ExtraField =>
  Object.freeze({ field: 'other', required: true, ...extra });

const OPENAI_PLAIN: OpenAIQuirks = Object.freeze({ streamOptions: false });
/** `/v1/models` below the base URL: what OpenAI and most compatible vendors list their models at. */
const MODELS_PATH = '/v1/models';

const VERTEX_REGION_TEMPLATE = JSON.stringify({ default: 'us-central1', 'claude-3-5-sonnet-20241022': 'europe-west1' }, null, 2);

const notSupported = (reason: UnservedNote['reason'], description: string): UnservedNote =>
  Object.freeze({ group: 'notSupported', reason, description });

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
 * order the console's type picker lists them. Vendors whose current API is OpenAI's, or a thin
 * wrapper passing OpenAI requests through (DeepSeek, Mistral, SiliconFlow, Jina, VolcEngine,
 * Qianfan V2, Xinference, Ollama's OpenAI endpoints, and the OpenAI-compatible modes of
 * DashScope, GLM, Hunyuan, Spark, Cohere and Workers AI), are entries of the `openai` schema:
 * each keeps its stored id and name, and takes the key its compatible API takes.
 *
 * A type whose schema the gateway does not serve says why in `unserved`: `coming` while its API
 * is being added, `notSupported` otherwise.
 */
export const CHANNEL_TYPES: readonly ChannelType[] = Object.freeze([
  type({
    id: 1,
    name: 'OpenAI',
    provider: 'openai',
    schema: 'openai',
    defaultBaseUrl: 'https://api.openai.com',
    auth: 'bearer',
    quirks: { streamOptions: true, organization: true, responses: { compact: true } },
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
    // Vertex AI has no model list a key can read: the default models are offered.
    rules: { modelsPath: null },
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
    // Azure's v1 API serves Responses (https://learn.microsoft.com/azure/ai-foundry/openai/how-to/responses), not its compaction.
    quirks: { streamOptions: true, responses: { compact: false } },
  }),
  type({
    id: 34,
    name: 'Cohere',
    provider: 'cohere',
    // Cohere's Compatibility API (https://docs.cohere.com/docs/compatibility-api): chat and
    // embeddings in OpenAI's shape under /compatibility/v1; rerank is Cohere's own, which the
    // Jina/Cohere-style rerank clients speak, at /v1/rerank. The same API key for all three.
    schema: 'openai',
    defaultBaseUrl: 'https://api.cohere.ai',
    auth: 'bearer',
    quirks: {
      streamOptions: false,
      pathPrefix: '/compatibility/v1',
      paths: { rerank: '/v1/rerank' },
      endpoints: ['chat/completions', 'embeddings', 'rerank'],
    },
    rules: { modelsPath: null },
  }),
  type({
    id: 39,
    name: 'Cloudflare',
    provider: 'cloudflare',
    // Workers AI's OpenAI-compatible endpoints (https://developers.cloudflare.com/workers-ai/configuration/open-ai-compatibility):
    // /client/v4/accounts/{account}/ai/v1/{chat/completions,embeddings}, the account from `other`.
    schema: 'openai',
    defaultBaseUrl: 'https://api.cloudflare.com',
    auth: 'bearer',
    key: {
      format: 'API token',
      hint: 'cloudflareApiToken',
      description: 'A Cloudflare API token allowed to use Workers AI, sent as a Bearer token',
    },
    otherField: other({ label: 'cloudflareAccount', description: 'Account id', example: 'd6b5da8hk1awo8nap34ube6gh' }),
    quirks: {
      streamOptions: false,
      pathPrefix: `/client/v4/accounts/${CHANNEL_OTHER}/ai/v1`,
      endpoints: ['chat/completions', 'embeddings'],
    },
    // Workers AI lists its models in its own shape (/ai/models/search), not OpenAI's.
    rules: { modelsPath: null },
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
    unserved: notSupported(
      'qianfanFirstGeneration',
      "Qianfan's first-generation API (access tokens from APIKey|SecretKey) is not OpenAI-compatible; Baidu Qianfan V2 serves the same ERNIE models over Qianfan's OpenAI-compatible API",
    ),
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
  type({
    id: 17,
    name: 'Alibaba Qwen',
    provider: 'alibaba',
    // DashScope's OpenAI-compatible mode: {base}/compatible-mode/v1/{chat/completions,embeddings},
    // with the DashScope API key; it accepts stream_options.include_usage. A regional host
    // (dashscope-intl.aliyuncs.com) goes in the base URL.
    schema: 'openai',
    defaultBaseUrl: 'https://dashscope.aliyuncs.com',
    auth: 'bearer',
    quirks: { streamOptions: true, pathPrefix: '/compatible-mode/v1', endpoints: ['chat/completions', 'embeddings'] },
    rules: { modelsPath: null },
  }),
  type({
    id: 18,
    name: 'iFlytek Spark',
    provider: 'xunfei',
    // Spark's HTTP API (https://spark-api-open.xf-yun.com/v1/chat/completions) is OpenAI's chat
    // completions; the model name picks the Spark version (lite, generalv3.5, 4.0Ultra, …).
    schema: 'openai',
    defaultBaseUrl: 'https://spark-api-open.xf-yun.com',
    auth: 'bearer',
    key: {
      format: 'APIPassword',
      hint: 'sparkApiPassword',
      description:
        "The APIPassword of the console's HTTP service credentials, sent as a Bearer token (not the websocket API's APPID|APISecret|APIKey)",
    },
    quirks: { streamOptions: false, endpoints: ['chat/completions'] },
    rules: { modelsPath: null },
  }),
  type({
    id: 16,
    name: 'Zhipu ChatGLM',
    provider: 'zhipu',
    schema: 'zhipu',
    defaultBaseUrl: 'https://open.bigmodel.cn',
    auth: 'zhipu-jwt',
    unserved: notSupported(
      'chatglmFirstGeneration',
      "ChatGLM's first-generation API (/api/paas/v3, signed tokens) is not OpenAI-compatible; Zhipu GLM-4V serves the GLM models over Zhipu's OpenAI-compatible v4 API",
    ),
  }),
  type({
    id: 26,
    name: 'Zhipu GLM-4V',
    provider: 'zhipu-v4',
    // Zhipu's v4 API (https://open.bigmodel.cn/api/paas/v4/) is OpenAI-compatible and takes the
    // API key itself as the Bearer token; no signed JWT is needed.
    schema: 'openai',
    defaultBaseUrl: 'https://open.bigmodel.cn',
    auth: 'bearer',
    key: {
      format: 'API key (id.secret)',
      hint: 'zhipuApiKey',
      description: 'The Zhipu API key as it is (id.secret), sent as a Bearer token; the gateway signs no JWT',
    },
    quirks: {
      streamOptions: false,
      pathPrefix: '/api/paas/v4',
      endpoints: ['chat/completions', 'embeddings', 'images/generations'],
    },
    rules: { modelsPath: null },
  }),
  type({
    id: 24,
    name: 'Google Gemini',
    provider: 'gemini',
    schema: 'gemini',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com',
    auth: 'goog-api-key-header',
    // A revoked or wrong key answers 403 rather than 401.
    rules: { disableOn403: true, modelsPath: '/v1beta/models' },
  }),
  type({
    id: 11,
    name: 'Google PaLM2',
    provider: 'palm',
    schema: 'palm',
    defaultBaseUrl: null,
    auth: 'query-key',
    unserved: notSupported('palmRetired', 'Google retired the PaLM API on 15 August 2024; Google Gemini serves its successors'),
  }),
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
    // Hunyuan's OpenAI-compatible endpoint (https://api.hunyuan.cloud.tencent.com/v1) takes an
    // API key created in the Hunyuan console, not the signed SecretId/SecretKey of Tencent Cloud's API.
    schema: 'openai',
    defaultBaseUrl: 'https://api.hunyuan.cloud.tencent.com',
    auth: 'bearer',
    key: {
      format: 'API key (sk-…)',
      hint: 'hunyuanApiKey',
      description:
        "An API key from the Hunyuan console's API Key page, sent as a Bearer token (not Tencent Cloud's AppId|SecretId|SecretKey)",
    },
    quirks: { streamOptions: false, endpoints: ['chat/completions', 'embeddings'] },
    rules: { modelsPath: null },
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
    unserved: notSupported(
      'difyApplications',
      "Dify's API runs a Dify application (chat-messages with conversations and inputs), not a model, and is not translated",
    ),
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
    unserved: notSupported('knowledgeBase', 'AI Proxy Library answers questions from a knowledge base; it has no model endpoint to relay'),
  }),
  type({
    id: 44,
    name: 'MokaAI M3E',
    provider: 'mokaai',
    schema: 'mokaai',
    defaultBaseUrl: 'https://api.moka.ai',
    auth: 'bearer',
    rules: { testWithEmbeddings: true },
    unserved: notSupported(
      'openWeightsOnly',
      'MokaAI publishes M3E as open model weights and documents no hosted API; serve M3E from an OpenAI-compatible server (Xinference, Ollama) and add it as that type',
    ),
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
