import type { Operation } from '../protocols/request';

/** The largest body each kind of endpoint takes (413 above), in bytes. */
export interface BodyLimits {
  /** Conversations: chat completions, Anthropic Messages, Gemini generateContent, their token counting, the playground. */
  readonly chatBytes: number;
  /** The other JSON endpoints (completions, embeddings, moderations, rerank, images, speech). */
  readonly jsonBytes: number;
  /**
   * Multipart uploads (audio transcriptions and translations, image edits and variations):
   * `MAX_REQUEST_BODY_MB`, the ceiling of all.
   */
  readonly uploadBytes: number;
}

const MiB = 1024 * 1024;

/**
 * The limits from the settings. `MAX_REQUEST_BODY_MB` stays the ceiling of every endpoint, so an
 * installation that lowered it keeps its stricter limit on the JSON endpoints too.
 */
export function bodyLimitsOf(settings: { maxRequestBodyMb: number; maxChatBodyMb: number; maxJsonBodyMb: number }): BodyLimits {
  const uploadBytes = settings.maxRequestBodyMb * MiB;
  return {
    chatBytes: Math.min(settings.maxChatBodyMb * MiB, uploadBytes),
    jsonBytes: Math.min(settings.maxJsonBodyMb * MiB, uploadBytes),
    uploadBytes,
  };
}

/** The limit of an operation's body. */
export function bodyLimitFor(operation: Operation, limits: BodyLimits): number {
  switch (operation) {
    case 'chat/completions':
    case 'messages':
    case 'messages/count_tokens':
    case 'generateContent':
    case 'countTokens':
    case 'responses':
    case 'responses/compact':
      return limits.chatBytes;
    case 'audio/transcriptions':
    case 'audio/translations':
    case 'images/edits':
    case 'images/variations':
      return limits.uploadBytes;
    default:
      return limits.jsonBytes;
  }
}
