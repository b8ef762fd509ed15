export { DEFAULT_CACHE_RATIO } from './cache-ratio';
export { DEFAULT_COMPLETION_RATIO } from './completion-ratio';
export { DEFAULT_MODEL_PRICE } from './model-price';
export { DEFAULT_MODEL_RATIO } from './model-ratio';
