/** Bodies up to this size are parsed whole for their id; a larger one is searched near its start. */
const PARSE_LIMIT_BYTES = 4 * 1024 * 1024;
/** Where a Response object names its id: first, as OpenAI writes it. */
const ID_AT_START = /^\s*\{\s*"id"\s*:\s*"([^"\\]{1,191})"/;

/** The `id` of a Response object's body (`resp_…`), or undefined when it names none. */
export function responseIdOf(body: Buffer): string | undefined {
  if (body.length > PARSE_LIMIT_BYTES) return ID_AT_START.exec(body.subarray(0, 512).toString('utf8'))?.[1];
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { id?: unknown };
    return typeof parsed?.id === 'string' && parsed.id !== '' && parsed.id.length <= 191 ? parsed.id : undefined;
  } catch {
    return undefined;
  }
}
