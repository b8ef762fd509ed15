import i18n from '../i18n';

/**
 * Server messages in the user's language. Every `/api` failure carries its stable code (and, when
 * the text has variable parts, those parts) in the `Modelgate-Message-Code` and
 * `Modelgate-Message-Params` headers beside the reference's `{success, message}` body (ADR 0028).
 * The console words each code itself (`apiMessages:codes.<code>` in both languages; a test keeps
 * every code the services raise translated) and names fields by their labels
 * (`apiMessages:fields.<field>`).
 */

export const MESSAGE_CODE_HEADER = 'Modelgate-Message-Code';
export const MESSAGE_PARAMS_HEADER = 'Modelgate-Message-Params';

/** A failure as the server sent it. */
export interface ServerFailure {
  message: string;
  code?: string;
  params?: Record<string, unknown>;
}

/**
 * Codes whose server text is more precise than any wording by code (it names what exactly was
 * wrong, or an upstream's own answer): the console shows the server's text when it is already in
 * the user's language, and its own general wording otherwise.
 */
const SERVER_WORDED = new Set([
  'invalid_request',
  'invalid_input',
  'invalid_parameters',
  'invalid_channel',
  'invalid_option_value',
  'failed_precondition',
  'permission_denied',
  'not_found',
  'conflict',
  'oauth_provider_denied',
  'fetch_models_failed',
  'balance_query_failed',
  'channel_misconfigured',
  'channel_test_not_supported',
  'mail_failed',
]);

const CJK = /[\u3400-\u9fff]/;

/** Whether `text` is written in the language the console shows (Chinese or not). */
function inShownLanguage(text: string): boolean {
  return CJK.test(text) === (i18n.language === 'zh');
}

/** The `{{name}}` placeholders of a text. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]!);
}

/** Reads the params header: URI-encoded JSON of an object; anything else is no params. */
export function parseMessageParams(header: string | null | undefined): Record<string, unknown> | undefined {
  if (!header) return undefined;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(header));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The text to show for a failure: the console's own wording of its code, with the field named
 * by its label; the server's text when the code is unknown to this console, when a part the
 * wording needs is missing, or when the code is server-worded and the text is already in the
 * user's language.
 */
export function localMessage({ message, code, params }: ServerFailure): string {
  if (!code) return message;
  const key = `codes.${code}`;
  const template = i18n.getResource(i18n.language, 'apiMessages', key) as unknown;
  if (typeof template !== 'string') return message;
  if (SERVER_WORDED.has(code) && message !== '' && inShownLanguage(message)) return message;
  const values: Record<string, unknown> = { ...params };
  if (typeof values.field === 'string' && values.field !== '') {
    const label = i18n.getResource(i18n.language, 'apiMessages', `fields.${values.field}`) as unknown;
    if (typeof label === 'string') values.field = label;
  }
  if (placeholders(template).some((name) => values[name] === undefined || values[name] === '')) return message;
  // Keys here are dynamic (a code the server chose), so the typed `t` is bypassed.
  const translate = i18n.t as unknown as (key: string, options: Record<string, unknown>) => string;
  return translate(`apiMessages:${key}`, values);
}
