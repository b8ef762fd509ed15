import type { ChannelType } from './channel-type';
import { PLATFORM_TYPES } from './catalogue-platforms';
import { VENDOR_TYPES } from './catalogue-vendors';

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
export const CHANNEL_TYPES: readonly ChannelType[] = Object.freeze([...PLATFORM_TYPES, ...VENDOR_TYPES]);
