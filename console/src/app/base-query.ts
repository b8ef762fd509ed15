import { type BaseQueryFn, type FetchArgs, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { type ApiError, type Envelope, isEnvelope } from './api-error';
import { localMessage, MESSAGE_CODE_HEADER, MESSAGE_PARAMS_HEADER, parseMessageParams } from './api-messages';
import { apiHeaders } from './request-headers';

interface SessionState {
  session: { user: { id: number } | null };
}

const fetchQuery = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'same-origin',
  prepareHeaders(headers, { getState }) {
    const user = (getState() as SessionState).session.user;
    for (const [name, value] of Object.entries(apiHeaders(user?.id))) headers.set(name, value);
    return headers;
  },
});

/** What a successful call leaves in `meta`: the whole envelope, for the few calls that need more than `data`. */
export interface EnvelopeMeta {
  envelope?: Envelope;
}

/**
 * The one base query: it sends the headers of every call, unwraps the `{success, message, data}`
 * envelope (so endpoints see `data`), and turns every failure into an `ApiError`. Messages are
 * shown by the error middleware, not here.
 */
export const envelopeBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, object, EnvelopeMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await fetchQuery(args, api, extraOptions);
  if (result.error) {
    const { status } = result.error;
    if (typeof status === 'number') {
      const body = 'data' in result.error ? result.error.data : undefined;
      const message = isEnvelope(body) && body.message ? body.message : `HTTP ${status}`;
      return { error: { status, message } };
    }
    const message = 'error' in result.error ? String(result.error.error) : String(status);
    return { error: { status: status === 'PARSING_ERROR' ? 'parse' : 'network', message } };
  }
  const body = result.data;
  if (!isEnvelope(body)) return { data: body, meta: {} };
  if (!body.success) {
    const headers = result.meta?.response?.headers;
    const code = headers?.get(MESSAGE_CODE_HEADER) ?? undefined;
    const params = parseMessageParams(headers?.get(MESSAGE_PARAMS_HEADER));
    return { error: { status: 'rejected', message: localMessage({ message: body.message, code, params }), ...(code ? { code } : {}) } };
  }
  // A success without `data` (the server leaves it out when there is none) answers null.
  return { data: body.data ?? null, meta: { envelope: body } };
};
