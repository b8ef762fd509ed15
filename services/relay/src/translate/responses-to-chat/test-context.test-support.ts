import type { RelayRequest, RequestSummary } from '../../protocols/request';
import { ResponseCreateRequest } from '../../protocols/responses/wire';
import type { UpstreamSettings } from '../../providers/types';
import type { TranslationContext } from '../types';

/** The translation context of a Responses request for `gpt-client` (its prompt counted as 11 tokens), in tests. */
export function responsesContext(body: Record<string, unknown>, upstreamModel = 'chat-up', settings?: UpstreamSettings): TranslationContext {
  const full: Record<string, unknown> = { model: 'gpt-client', ...body };
  const summary: RequestSummary = {
    model: 'gpt-client',
    upstreamModel: 'gpt-client',
    stream: full['stream'] === true,
    metering: 'tokens',
    bodyBytes: 0,
    promptTexts: () => [],
    promptTokens: () => 11,
  };
  const request: RelayRequest = {
    protocol: 'responses',
    operation: 'responses',
    body: Buffer.from(JSON.stringify(full)),
    payload: ResponseCreateRequest.parse(full),
    summary,
  };
  return settings ? { request, upstreamModel, settings } : { request, upstreamModel };
}
