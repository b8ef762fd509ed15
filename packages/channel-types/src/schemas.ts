/**
 * Wire schemas: the API a channel's upstream speaks. The relay chooses its upstream adapter and
 * its translators by schema; an OpenAI-compatible vendor is a catalogue entry of the `openai`
 * schema, not code.
 */
export const WIRE_SCHEMAS = [
  'openai',
  'azure-openai',
  'anthropic',
  'aws-bedrock',
  'gemini',
  'palm',
  'vertex-ai',
  'midjourney-proxy',
  'suno',
  'baidu',
  'zhipu',
  'dify',
  'mokaai',
  'aiproxy-library',
] as const;
export type WireSchema = (typeof WIRE_SCHEMAS)[number];

/**
 * The message formats requests and answers travel in. A schema speaks one of them over its own
 * transport: Azure speaks `openai` at other paths, AWS Bedrock speaks `anthropic` signed and framed
 * as AWS event streams. Translators are chosen by (what the client speaks, what the channel speaks).
 */
export const WIRE_PROTOCOLS = ['openai', 'anthropic', 'gemini'] as const;
export type WireProtocol = (typeof WIRE_PROTOCOLS)[number];

/**
 * The asynchronous-task APIs (submit, then poll): served at their own paths (`/mj`, `/suno`) by
 * the relay's task endpoints, never translated to or from the message formats above.
 */
export const TASK_PROTOCOLS = ['midjourney', 'suno'] as const;
export type TaskProtocol = (typeof TASK_PROTOCOLS)[number];

/** How a channel's key authenticates upstream. */
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
  /** `Ak|Sk|Region` SigV4 request signing (AWS). */
  'aws-sigv4',
  /** A service-account JSON exchanged for an OAuth token (Vertex). */
  'gcp-service-account',
] as const;
export type AuthStyle = (typeof AUTH_STYLES)[number];

/** Whether the gateway can call a schema's upstreams, and in which message format. */
export type SchemaSupport =
  | { readonly served: true; readonly protocol: WireProtocol }
  /** A task API's channels serve its task paths only (they never route a `/v1` request). */
  | { readonly served: true; readonly protocol: TaskProtocol; readonly tasks: true }
  | { readonly served: false; readonly reason: string };

const served = (protocol: WireProtocol): SchemaSupport => Object.freeze({ served: true, protocol });
const servedTasks = (protocol: TaskProtocol): SchemaSupport => Object.freeze({ served: true, protocol, tasks: true });
const notYet = (reason: string): SchemaSupport => Object.freeze({ served: false, reason });

/**
 * What the gateway does with each schema today. A schema that is not served has its channels
 * refused on create and edit, marked "not supported yet" in the console, kept out of routing and
 * out of `/v1/models`; the reason is what the admin is told.
 */
export const SCHEMA_SUPPORT: Readonly<Record<WireSchema, SchemaSupport>> = Object.freeze({
  openai: served('openai'),
  'azure-openai': served('openai'),
  anthropic: served('anthropic'),
  'aws-bedrock': served('anthropic'),
  gemini: served('gemini'),
  // Claude's models on Vertex AI speak `anthropic`: the relay chooses the protocol per model.
  'vertex-ai': served('gemini'),
  palm: notYet('Google retired the PaLM API'),
  'midjourney-proxy': servedTasks('midjourney'),
  suno: servedTasks('suno'),
  baidu: notYet("Qianfan's first-generation API is not translated; use Baidu Qianfan V2"),
  zhipu: notYet("ChatGLM's first-generation API is not translated"),
  dify: notYet("Dify's application API is not translated"),
  mokaai: notYet("MokaAI's embeddings API is not translated"),
  'aiproxy-library': notYet('the knowledge-base API has no model endpoint to relay'),
});
