// The Realtime API's vocabulary: server event names in the GA protocol and their names in the
// beta protocol (`OpenAI-Beta: realtime=v1`, still spoken by Azure's preview API versions), the
// client event types the fake understands, and the audio the fake "speaks".

/** Server event names that differ between the GA and the beta protocol (GA → beta). */
const BETA_NAMES: Readonly<Record<string, string>> = {
  'response.output_text.delta': 'response.text.delta',
  'response.output_text.done': 'response.text.done',
  'response.output_audio.delta': 'response.audio.delta',
  'response.output_audio.done': 'response.audio.done',
  'response.output_audio_transcript.delta': 'response.audio_transcript.delta',
  'response.output_audio_transcript.done': 'response.audio_transcript.done',
};

/** The name of a server event in the protocol spoken (`beta` or GA). */
export const eventName = (ga: string, beta: boolean): string => (beta ? (BETA_NAMES[ga] ?? ga) : ga);

/** Client event types the fake answers. */
export const CLIENT_EVENTS = [
  'session.update',
  'conversation.item.create',
  'conversation.item.delete',
  'input_audio_buffer.append',
  'input_audio_buffer.commit',
  'input_audio_buffer.clear',
  'response.create',
  'response.cancel',
] as const;

export type ClientEventType = (typeof CLIENT_EVENTS)[number];

/** The subprotocol a browser-style client offers, with the key in another one. */
export const REALTIME_SUBPROTOCOL = 'realtime';
export const API_KEY_SUBPROTOCOL_PREFIX = 'openai-insecure-api-key.';
export const BETA_SUBPROTOCOL = 'openai-beta.realtime-v1';

/** Bytes of PCM16 mono 24 kHz audio per audio delta: 10 ms of silence, one output audio token. */
export const AUDIO_DELTA_BYTES = 480;
/** Input audio bytes per input audio token: 100 ms of PCM16 mono 24 kHz. */
export const INPUT_AUDIO_BYTES_PER_TOKEN = 4800;

/** One audio delta: 10 ms of silence, base64. */
export const AUDIO_DELTA = Buffer.alloc(AUDIO_DELTA_BYTES).toString('base64');

/** The `error` events the session answers a client's mistakes with: code → message. */
export const CLIENT_ERRORS = {
  invalid_json: () => 'The server failed to parse the event: expected a JSON object.',
  invalid_value: (type: string) =>
    `Invalid value: '${type}'. Supported values are: ${CLIENT_EVENTS.map((t) => `'${t}'`).join(', ')}.`,
  missing_required_parameter: (param: string) => `Missing required parameter: '${param}'.`,
  item_not_found: (id: string) => `Item with item_id not found: ${id}`,
  input_audio_buffer_commit_empty: () => 'Error committing input audio buffer: the buffer is empty.',
  response_cancel_not_active: () => 'Cancellation failed: no active response found.',
  conversation_already_has_active_response: (id: string) =>
    `Conversation already has an active response in progress: ${id}. Wait until the response is finished before creating a new one.`,
} satisfies Record<string, (detail: string) => string>;

export type ClientErrorCode = keyof typeof CLIENT_ERRORS;
