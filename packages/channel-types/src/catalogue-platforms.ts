// Catalogue entries, first part, in the console picker's order: OpenAI, the task platforms
// (Midjourney Proxy, Suno), Ollama, Anthropic, Claude on AWS and Vertex AI, Azure OpenAI, Cohere,
// Cloudflare and DeepSeek.
import { CHANNEL_OTHER, type ChannelType } from './channel-type';
import { address, MODELS_PATH, other, type, VERTEX_REGION_TEMPLATE } from './catalogue-entry';

/** The first part of the picker, from OpenAI (1) to DeepSeek (43). */
export const PLATFORM_TYPES: readonly ChannelType[] = [
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
    // Its chat API documents `stream_options.include_usage`: streams are billed by its own usage.
    quirks: { streamOptions: true },
    rules: { modelsPath: MODELS_PATH, balance: 'deepseek' },
  }),
];
