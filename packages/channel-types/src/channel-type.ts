import type { AuthStyle, WireSchema } from './schemas';

/** The OpenAI operations, named by their path below `/v1/`; vendors may offer a subset. */
export const OPENAI_ENDPOINTS = [
  'chat/completions',
  'completions',
  'embeddings',
  'moderations',
  'images/generations',
  'images/edits',
  'images/variations',
  'audio/speech',
  'audio/transcriptions',
  'audio/translations',
  'rerank',
  'responses',
  'responses/compact',
] as const;
export type OpenAIEndpoint = (typeof OPENAI_ENDPOINTS)[number];

/**
 * OpenAI's Responses API (`/v1/responses`, `/v1/responses/compact`): a vendor serves it only when
 * its quirks say so ({@link OpenAIQuirks.responses}), since most OpenAI-compatible APIs offer chat
 * completions alone. A channel without it still takes Responses calls through a translation.
 */
export const RESPONSES_ENDPOINTS = ['responses', 'responses/compact'] as const satisfies readonly OpenAIEndpoint[];
export type ResponsesEndpoint = (typeof RESPONSES_ENDPOINTS)[number];

/** Stands for the channel's `other` value in a vendor's path prefix (Cloudflare's account id). */
export const CHANNEL_OTHER = '{other}';

/** How an OpenAI-compatible vendor departs from OpenAI itself; data read by the `openai` adapter. */
export interface OpenAIQuirks {
  /**
   * The upstream accepts `stream_options`, so `include_usage` can be forced on; otherwise the
   * field is removed. OpenAI, Azure, Ollama and VolcEngine accept it.
   */
  readonly streamOptions: boolean;
  /**
   * Replaces `/v1` in front of the endpoint (VolcEngine `/api/v3`, Qianfan V2 `/v2`, DashScope
   * `/compatible-mode/v1`). {@link CHANNEL_OTHER} in it stands for the channel's `other` value
   * (Cloudflare's account id).
   */
  readonly pathPrefix?: string;
  /** Whole paths for some endpoints (MiniMax's chat completions). */
  readonly paths?: Readonly<Partial<Record<OpenAIEndpoint, string>>>;
  /** The only endpoints the vendor offers; absent means every one but the Responses API's. */
  readonly endpoints?: readonly OpenAIEndpoint[];
  /**
   * The vendor serves OpenAI's Responses API itself (OpenAI, Azure): `compact` when it also offers
   * `/responses/compact`. Absent: Responses calls reach the vendor translated to chat completions.
   */
  readonly responses?: { readonly compact: boolean };
  /** Static headers added to every call (OpenRouter's app attribution). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The key's `OpenAI-Organization` column is sent (OpenAI itself only). */
  readonly organization?: boolean;
  /** The base URL is the whole upstream URL, `{model}` replaced by the upstream model (Custom). */
  readonly fullUrl?: boolean;
}

/** The console's label of a type-specific input (translated under `channel:editor.extra.<label>`). */
export type ExtraFieldLabel =
  | 'apiAddress'
  | 'midjourneyAddress'
  | 'sunoAddress'
  | 'azureEndpoint'
  | 'azureApiVersion'
  | 'customFullUrl'
  | 'fastgptAddress'
  | 'difyAddress'
  | 'xinferenceAddress'
  | 'knowledgeBaseId'
  | 'cloudflareAccount'
  | 'vertexRegion';

/** A column a channel type asks for besides name, key, models and groups. */
export interface ExtraField {
  /** The channel column the value is stored in. */
  readonly field: 'base_url' | 'other';
  readonly label: ExtraFieldLabel;
  /** What the value means, in English (the console shows its own translation of `label`). */
  readonly description: string;
  /** The channel cannot work without it. */
  readonly required: boolean;
  /** An example value (a value, not prose: never translated). */
  readonly example?: string;
  /** A multi-line value (a JSON document). */
  readonly multiline?: boolean;
  /** Stored when the channel is written without a value. */
  readonly emptyMeans?: string;
  /** A starting value the console offers to fill in. */
  readonly template?: string;
}

/** The console's note on which credential a type takes (translated under `channel:editor.key.hints.<hint>`). */
export type KeyHint = 'sparkApiPassword' | 'hunyuanApiKey' | 'zhipuApiKey' | 'cloudflareApiToken';

/** The shape of a key made of several parts, or of one document. */
export interface KeyFormat {
  /** How the key is written, e.g. `Ak|Sk|Region`. */
  readonly format: string;
  /** Parts of a `|`-separated key, checked on write. */
  readonly parts?: number;
  /** The key is one JSON document that may span lines: a multi-line key is one channel, not one per line. */
  readonly document?: boolean;
  /** Which credential to paste, where the vendor has several (the console shows its translation of `hint`). */
  readonly hint?: KeyHint;
  /** The same in English. */
  readonly description?: string;
}

/**
 * How the console and the API place a channel type: the gateway relays it (`served`), its API is
 * being added (`coming`), or it is not supported, for the reason given.
 */
export const CHANNEL_TYPE_GROUPS = ['served', 'coming', 'notSupported'] as const;
export type ChannelTypeGroup = (typeof CHANNEL_TYPE_GROUPS)[number];

/** Why a type is not served (translated under `channel:types.reasons.<reason>`). */
export type UnservedReason =
  | 'beingAdded'
  | 'palmRetired'
  | 'qianfanFirstGeneration'
  | 'chatglmFirstGeneration'
  | 'difyApplications'
  | 'knowledgeBase'
  | 'openWeightsOnly'
  /** A type with no note of its own: its schema's reason. */
  | 'notTranslated';

/** Why the gateway does not serve a type whose schema it does not serve. */
export interface UnservedNote {
  readonly group: Exclude<ChannelTypeGroup, 'served'>;
  readonly reason: UnservedReason;
  /** The reason in English: API refusals and resource conditions quote it. */
  readonly description: string;
}

/** The balance API of a vendor, by the shape of its answer. */
export type BalanceApi = 'openai' | 'siliconflow' | 'deepseek';

/** Where a vendor departs from the common rules of retrying, disabling, listing and testing. */
export interface VendorRules {
  /** A 400 answer is retried on another channel (Anthropic's transient 400s). */
  readonly retryOn400?: boolean;
  /** A 403 answer disables the channel (Gemini answers 403 to a revoked key). */
  readonly disableOn403?: boolean;
  /** The path below the base URL that lists the upstream's models; null when it has none. */
  readonly modelsPath?: string | null;
  /** Channel tests ask for embeddings rather than a chat (embedding-only vendors). */
  readonly testWithEmbeddings?: boolean;
  /** The vendor's balance API, when it has one. */
  readonly balance?: BalanceApi;
}

/** One channel type of the product spec: the stored numeric id and everything about it. */
export interface ChannelType {
  /** `channels.type`; part of the stored data and the `/api` contract. */
  readonly id: number;
  /** English display name. */
  readonly name: string;
  /** The provider name a Kubernetes `Channel` resource uses in `spec.type`. */
  readonly provider: string;
  readonly schema: WireSchema;
  readonly auth: AuthStyle;
  /** Base URL used when the channel's `base_url` is empty; null: the channel must set one. */
  readonly defaultBaseUrl: string | null;
  /** The address input; null when the type takes none. */
  readonly baseUrlField: ExtraField | null;
  /** The input written to `other`, when the type has one. */
  readonly otherField?: ExtraField;
  readonly key?: KeyFormat;
  /** Models a new channel of this type offers by default (`GET /api/models`). */
  readonly defaultModels: readonly string[];
  /** Present for the `openai` and `azure-openai` schemas. */
  readonly quirks?: OpenAIQuirks;
  readonly rules: VendorRules;
  /** Why the gateway does not serve the type; read only while its schema is not served. */
  readonly unserved?: UnservedNote;
}
