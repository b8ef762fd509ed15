/**
 * The models a new channel of each type offers by default (the channel editor's "fill in the
 * type's models" and `GET /api/models`). Admins edit the list per channel; these are a starting
 * point, not a restriction. Types with no entry start empty (the admin lists the models).
 */

/** Drawing actions of a Midjourney-Proxy upstream (spec §4 drawing actions), as model names. */
const MIDJOURNEY_ACTIONS = [
  'mj_imagine',
  'mj_variation',
  'mj_reroll',
  'mj_blend',
  'mj_upscale',
  'mj_describe',
  'mj_uploads',
];

/** Midjourney-Proxy-Plus adds its own actions, face swapping among them. */
const MIDJOURNEY_PLUS_ACTIONS = [
  ...MIDJOURNEY_ACTIONS,
  'mj_zoom',
  'mj_shorten',
  'mj_modal',
  'mj_inpaint',
  'mj_custom_zoom',
  'mj_high_variation',
  'mj_low_variation',
  'mj_pan',
  'swap_face',
];

const OPENAI = [
  'gpt-3.5-turbo',
  'gpt-4',
  'gpt-4-turbo',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'o1',
  'o1-mini',
  'o3-mini',
  'text-embedding-3-small',
  'text-embedding-3-large',
  'text-embedding-ada-002',
  'dall-e-3',
  'whisper-1',
  'tts-1',
  'tts-1-hd',
  'text-moderation-latest',
];

const CLAUDE = [
  'claude-3-haiku-20240307',
  'claude-3-opus-20240229',
  'claude-3-5-haiku-20241022',
  'claude-3-5-sonnet-20241022',
  'claude-3-7-sonnet-20250219',
];

const GEMINI = ['gemini-1.5-flash', 'gemini-1.5-pro', 'gemini-2.0-flash', 'gemini-2.0-flash-lite', 'text-embedding-004'];

export const DEFAULT_MODELS: Readonly<Record<number, readonly string[]>> = Object.freeze({
  1: OPENAI,
  2: MIDJOURNEY_ACTIONS,
  3: OPENAI,
  5: MIDJOURNEY_PLUS_ACTIONS,
  11: ['PaLM-2'],
  14: CLAUDE,
  15: ['ERNIE-4.0-8K', 'ERNIE-3.5-8K', 'ERNIE-Speed-128K', 'ERNIE-Lite-8K', 'Embedding-V1'],
  16: ['chatglm_turbo', 'chatglm_pro', 'chatglm_std', 'chatglm_lite'],
  17: ['qwen-turbo', 'qwen-plus', 'qwen-max', 'qwen-long', 'text-embedding-v3'],
  // Spark's HTTP API names each version by model: lite, generalv3 (Pro), generalv3.5 (Max), ….
  18: ['lite', 'generalv3', 'pro-128k', 'generalv3.5', 'max-32k', '4.0Ultra'],
  19: ['360GPT_S2_V9', 'embedding-bert-512-v1', 'embedding_s1_v1', 'semantic_similarity_s1_v1'],
  23: ['hunyuan-turbos-latest', 'hunyuan-lite', 'hunyuan-standard', 'hunyuan-pro', 'hunyuan-embedding'],
  24: GEMINI,
  25: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k'],
  26: ['glm-4', 'glm-4v', 'glm-3-turbo', 'glm-4-plus', 'glm-4-flash'],
  31: ['yi-large', 'yi-medium', 'yi-spark', 'yi-large-turbo'],
  33: ['claude-3-haiku-20240307', 'claude-3-5-sonnet-20241022', 'claude-3-7-sonnet-20250219'],
  34: [
    'command-a-03-2025',
    'command-r',
    'command-r-plus',
    'embed-english-v3.0',
    'embed-multilingual-v3.0',
    'rerank-english-v3.0',
    'rerank-multilingual-v3.0',
  ],
  35: ['abab6.5-chat', 'abab6.5s-chat', 'abab5.5-chat'],
  36: ['suno_music', 'suno_lyrics'],
  38: ['jina-embeddings-v3', 'jina-reranker-v2-base-multilingual'],
  39: ['@cf/meta/llama-3.1-8b-instruct', '@cf/baai/bge-base-en-v1.5'],
  40: ['deepseek-ai/DeepSeek-V3', 'Qwen/Qwen2.5-72B-Instruct', 'BAAI/bge-m3'],
  41: [...CLAUDE, ...GEMINI],
  42: ['mistral-small-latest', 'mistral-medium-latest', 'mistral-large-latest', 'mistral-embed'],
  43: ['deepseek-chat', 'deepseek-reasoner'],
  44: ['m3e-large', 'm3e-base', 'm3e-small'],
  45: ['doubao-pro-32k', 'doubao-lite-32k', 'deepseek-v3', 'deepseek-r1'],
  46: ['ernie-4.0-8k-latest', 'ernie-3.5-8k', 'deepseek-v3', 'deepseek-r1'],
});
