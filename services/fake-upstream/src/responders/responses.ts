// OpenAI's Responses API: `POST /v1/responses` (whole or streamed), the stored responses
// (`GET`/`DELETE /v1/responses/{id}`, `POST …/{id}/cancel`, `GET …/{id}/input_items`),
// `previous_response_id` chaining and `POST /v1/responses/compact`. Responses are stored per
// API key (see ResponseStore).
import { apiKeyOf } from '../credentials';
import { invalidRequest, type OpenAiError } from '../errors';
import type { Exchange } from '../exchange';
import { sendJson } from '../reply';
import { outputItems, planResponse, responseObject } from '../response-output';
import { responseStream } from '../responses-stream';
import type { ResponseStore, StoredResponse } from '../responses-store';
import { writeStream } from '../stream-writer';
import { estimateTokens } from '../usage';

type Json = Record<string, unknown>;

const notFound = (message: string, param: string | null = null, code: string | null = null): OpenAiError => ({
  error: { message, type: 'invalid_request_error', param, code },
});

const responseNotFound = (id: string): OpenAiError => notFound(`Response with id '${id}' not found.`);

/** The input of a request as stored input items: each a typed item with an id. */
function inputItemsOf(input: unknown, uid: string): Json[] {
  const list: unknown[] = typeof input === 'string' ? [{ role: 'user', content: input }] : Array.isArray(input) ? input : [];
  return list.map((raw, i) => {
    const item = (raw !== null && typeof raw === 'object' ? raw : {}) as Json;
    const isMessage = item.type === undefined || item.type === 'message';
    if (!isMessage) return { id: `item_${uid}_${i}`, ...item };
    const role = typeof item.role === 'string' ? item.role : 'user';
    const content =
      typeof item.content === 'string'
        ? [{ type: role === 'assistant' ? 'output_text' : 'input_text', text: item.content }]
        : item.content;
    return { id: item.id ?? `msg_${uid}_${i}`, type: 'message', role, content, status: 'completed' };
  });
}

/** Checks the shape of a create (or compact) request; the error to answer, if any. */
function problemOf(body: Json): OpenAiError | undefined {
  const { input, previous_response_id: previous } = body;
  if (input !== undefined && input !== null && typeof input !== 'string' && !Array.isArray(input)) {
    return invalidRequest("Invalid type for 'input': expected a string or an array of input items.", 'input', 'invalid_type');
  }
  if (previous !== undefined && previous !== null && typeof previous !== 'string') {
    return invalidRequest("Invalid type for 'previous_response_id': expected a string.", 'previous_response_id', 'invalid_type');
  }
  return undefined;
}

/** The stored response a request chains to, or the 404 to answer when this key has none by that id. */
function previousOf(x: Exchange, store: ResponseStore): { stored?: StoredResponse; error?: OpenAiError } {
  const id = x.body.previous_response_id;
  if (typeof id !== 'string') return {};
  const stored = store.get(apiKeyOf(x.req.headers), id);
  return stored === undefined
    ? { error: notFound(`Previous response with id '${id}' not found.`, 'previous_response_id', 'previous_response_not_found') }
    : { stored };
}

const contextAfter = (previous: StoredResponse | undefined): unknown[] =>
  previous === undefined ? [] : [...previous.context, previous.inputItems, previous.response.output];

/** `POST /v1/responses`. */
export function respondResponses(x: Exchange, store: ResponseStore): void {
  const problem = problemOf(x.body);
  if (problem !== undefined) return sendJson(x.res, 400, problem);
  const previous = previousOf(x, store);
  if (previous.error !== undefined) return sendJson(x.res, 404, previous.error);
  const context = contextAfter(previous.stored);
  const plan = planResponse(x, context);
  const final = responseObject(x, plan, { status: plan.status, output: outputItems(plan), usage: plan.usage });
  const background = x.body.background === true;
  if (x.body.store !== false) {
    store.put(apiKeyOf(x.req.headers), plan.id, {
      response: final,
      inputItems: inputItemsOf(x.body.input, x.uid),
      background,
      context,
    });
  }
  if (x.stream) return writeStream(x, responseStream(x, plan, final));
  // A background response is queued at first; retrieving it shows it finished.
  const answer = background ? responseObject(x, plan, { status: 'queued', output: [], usage: null }) : final;
  sendJson(x.res, x.status, answer);
}

/** `GET /v1/responses/{id}`. */
export function respondResponseGet(x: Exchange, store: ResponseStore, id: string): void {
  const stored = store.get(apiKeyOf(x.req.headers), id);
  if (stored === undefined) return sendJson(x.res, 404, responseNotFound(id));
  sendJson(x.res, x.status, stored.response);
}

/** `DELETE /v1/responses/{id}`. */
export function respondResponseDelete(x: Exchange, store: ResponseStore, id: string): void {
  if (!store.delete(apiKeyOf(x.req.headers), id)) return sendJson(x.res, 404, responseNotFound(id));
  sendJson(x.res, x.status, { id, object: 'response.deleted', deleted: true });
}

/**
 * `POST /v1/responses/{id}/cancel`: only background responses can be cancelled; the fake's have
 * always finished by then, so the response comes back unchanged, as OpenAI answers for a
 * background response that already completed.
 */
export function respondResponseCancel(x: Exchange, store: ResponseStore, id: string): void {
  const stored = store.get(apiKeyOf(x.req.headers), id);
  if (stored === undefined) return sendJson(x.res, 404, responseNotFound(id));
  if (!stored.background) return sendJson(x.res, 400, invalidRequest('Cannot cancel a synchronous response.'));
  sendJson(x.res, x.status, stored.response);
}

/** `GET /v1/responses/{id}/input_items`: a cursor page (`order` desc by default, `limit`, `after`). */
export function respondInputItems(x: Exchange, store: ResponseStore, id: string): void {
  const stored = store.get(apiKeyOf(x.req.headers), id);
  if (stored === undefined) return sendJson(x.res, 404, responseNotFound(id));
  const query = new URL(x.req.url ?? '/', 'http://fake').searchParams;
  const order = query.get('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') {
    return sendJson(x.res, 400, invalidRequest(`Invalid value for 'order': expected 'asc' or 'desc'.`, 'order'));
  }
  const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 20) || 20));
  let items = order === 'asc' ? [...stored.inputItems] : [...stored.inputItems].reverse();
  const after = query.get('after');
  if (after !== null) items = items.slice(items.findIndex((item) => item.id === after) + 1);
  const data = items.slice(0, limit);
  sendJson(x.res, x.status, {
    object: 'list',
    data,
    first_id: data[0]?.id ?? null,
    last_id: data[data.length - 1]?.id ?? null,
    has_more: items.length > limit,
  });
}

/**
 * `POST /v1/responses/compact`: the conversation (the previous response's, then the input) as
 * its user messages followed by one `compaction` item.
 */
export function respondResponsesCompact(x: Exchange, store: ResponseStore): void {
  const problem = problemOf(x.body);
  if (problem !== undefined) return sendJson(x.res, 400, problem);
  const previous = previousOf(x, store);
  if (previous.error !== undefined) return sendJson(x.res, 404, previous.error);
  const items = [...(previous.stored?.inputItems ?? []), ...inputItemsOf(x.body.input, x.uid)];
  const users = items.filter((item) => item.type === 'message' && item.role === 'user');
  const context = [...contextAfter(previous.stored), items];
  const input = x.behaviour.promptTokens ?? estimateTokens(context, x.body.instructions);
  const output = x.behaviour.completionTokens ?? 1;
  const compaction = {
    id: `cmp_${x.uid}`,
    type: 'compaction',
    encrypted_content: Buffer.from(`fake-compaction:${x.uid}:${items.length}`).toString('base64'),
  };
  sendJson(x.res, x.status, {
    id: `resp_${x.uid}`,
    object: 'response.compaction',
    created_at: x.created,
    output: [...users, compaction],
    usage: {
      input_tokens: input,
      input_tokens_details: { cached_tokens: x.behaviour.cachedTokens ?? 0 },
      output_tokens: output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: input + output,
    },
  });
}
