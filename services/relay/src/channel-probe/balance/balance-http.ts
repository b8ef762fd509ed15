import type { UpstreamClient } from '../../pipeline/upstream-client';
import { openaiAdapter } from '../../providers/openai';
import { UpstreamError } from '../../protocols/upstream-error';
import { probeFailure, probeSignal, readProbeBody } from '../upstream-body';

/** Largest balance answer read; they are a few hundred bytes. */
const MAX_BALANCE_BODY_BYTES = 256 * 1024;

/** Reads one JSON document from a provider's account API. */
export type GetJson = (url: string, headers: Readonly<Record<string, string>>) => Promise<unknown>;

/** What {@link createGetJson} needs. */
export interface BalanceHttpDeps {
  readonly upstream: Pick<UpstreamClient, 'get'>;
  /** The longest one call may take. */
  readonly timeoutMs: number;
}

/**
 * A GET of a provider's account endpoint through the relay's upstream client. A non-2xx answer
 * becomes an `UpstreamError` carrying the provider's message (these APIs answer errors in the
 * OpenAI shape or close to it), as does a body that is not JSON; no answer in time is an upstream
 * timeout; an abort of `signal` is rethrown as it is.
 */
export function createGetJson(deps: BalanceHttpDeps, signal: AbortSignal): GetJson {
  return async (url, headers) => {
    const probe = probeSignal(signal, deps.timeoutMs);
    try {
      const response = await deps.upstream.get(url, { Accept: 'application/json', ...headers }, probe.signal);
      const body = await readProbeBody(response, MAX_BALANCE_BODY_BYTES);
      if (response.statusCode < 200 || response.statusCode >= 300) throw openaiAdapter.mapError(response.statusCode, body);
      try {
        return JSON.parse(body.toString('utf8')) as unknown;
      } catch {
        const message = 'the provider answered with a body that is not JSON';
        throw new UpstreamError({ kind: 'upstream', status: response.statusCode, message });
      }
    } catch (error) {
      throw probeFailure(error, probe);
    }
  };
}
