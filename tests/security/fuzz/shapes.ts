import type { Surface } from './routes';
import type { Outcome } from './send';

function parsed(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Node's limit on a request's head (request line and headers). */
const HEAD_LIMIT = 16 * 1024;

const isRecord = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ success, message }`, what every `/api` answer is. */
function isEnvelope(body: unknown): boolean {
  return isRecord(body) && typeof body.success === 'boolean' && typeof body.message === 'string';
}

/** `{ error: { message, type } }`, OpenAI's error object. */
function isOpenAIError(body: unknown): boolean {
  return isRecord(body) && isRecord(body.error) && typeof body.error.message === 'string' && typeof body.error.type === 'string';
}

/** `{ type: 'error', error: { type, message } }`, Anthropic's error object. */
function isAnthropicError(body: unknown): boolean {
  return isRecord(body) && body.type === 'error' && isRecord(body.error) && typeof body.error.type === 'string' && typeof body.error.message === 'string';
}

/** `{ error: { code, message, status } }`, Google's error object. */
function isGeminiError(body: unknown): boolean {
  return isRecord(body) && isRecord(body.error) && typeof body.error.code === 'number' && typeof body.error.message === 'string' && typeof body.error.status === 'string';
}

/**
 * What is wrong with an answer to a request on `surface`, or undefined when nothing is: no 5xx
 * anywhere; every `/api` answer with a body in the envelope; every `/v1` error in its protocol's
 * error object; and a console path never serves a file from outside the console's build.
 */
export function violation(surface: Surface, method: string, outcome: Outcome, headBytes: number): string | undefined {
  if (outcome.kind === 'no answer') {
    // A head over the limit that reached the server in pieces is refused without its request
    // line in view, so in the shape of every surface, body included; a HEAD client reads that
    // body as a broken next answer. The refusal itself was sent.
    if (method === 'HEAD' && headBytes > HEAD_LIMIT && outcome.error === 'HPE_CLOSED_CONNECTION') return undefined;
    return `no answer (${outcome.error})`;
  }
  const { status, body } = outcome;
  if (status >= 500) return `answered ${status}: ${body.toString('utf8').slice(0, 300)}`;
  // Bodiless answers carry no shape to check: HEAD, 204 and 304.
  if (method === 'HEAD' || status === 204 || status === 304) return undefined;
  const json = parsed(body);
  switch (surface) {
    case 'api':
      return isEnvelope(json) ? undefined : `not the /api envelope (${status}): ${body.toString('utf8').slice(0, 300)}`;
    case 'openai':
      if (status < 400) return undefined;
      return isOpenAIError(json) ? undefined : `not an OpenAI error object (${status}): ${body.toString('utf8').slice(0, 300)}`;
    case 'anthropic':
      if (status < 400) return undefined;
      return isAnthropicError(json) ? undefined : `not an Anthropic error object (${status}): ${body.toString('utf8').slice(0, 300)}`;
    case 'gemini':
      if (status < 400) return undefined;
      // A head too large to read has no path in view: it is answered in the object every other surface reads.
      if (status === 431 && isOpenAIError(json)) return undefined;
      return isGeminiError(json) ? undefined : `not a Gemini error object (${status}): ${body.toString('utf8').slice(0, 300)}`;
    case 'gateway':
      // The notice itself is answered in the gateway's plain text; what fails before it is read,
      // in the envelope like the rest of /api.
      return /^(success|fail)$/.test(body.toString('utf8')) || isEnvelope(json) ? undefined : `neither the gateway's answer nor the envelope (${status}): ${body.toString('utf8').slice(0, 300)}`;
    case 'console': {
      const text = body.toString('utf8');
      return /root:x:0:0|DATABASE_URL|\[core\]/.test(text) ? `served a file from outside the console (${status})` : undefined;
    }
  }
}
