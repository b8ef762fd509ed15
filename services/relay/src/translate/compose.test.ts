import type { RelayRequest, RequestSummary } from '../protocols/request';
import { DONE, type WireEvent } from '../protocols/stream-events';
import { composeTranslators } from './compose';
import type { StreamTranslator, TranslationContext, Translator } from './types';

/**
 * Composition with two recording translators: each tags what passes through it, so the order of
 * the two on every path (request, answer, stream) is visible, and each sees the context it should.
 */

const summary: RequestSummary = {
  model: 'client-model',
  upstreamModel: 'client-model',
  stream: true,
  metering: 'tokens',
  bodyBytes: 0,
  promptTexts: () => [],
  promptTokens: () => 3,
};

const context: TranslationContext = {
  request: { protocol: 'responses', operation: 'responses', body: Buffer.from('{}'), payload: { said: 'hi' }, summary } as RelayRequest,
  upstreamModel: 'channel-model',
};

const seen: Array<{ who: string; context: TranslationContext }> = [];

function recorder(who: string, upstreamOperation: Translator['upstreamOperation']): Translator {
  return {
    upstreamOperation,
    request(ctx) {
      seen.push({ who, context: ctx });
      const payload = ctx.request.payload as { path?: string[] };
      return { json: { path: [...(payload.path ?? ['client']), who], model: ctx.upstreamModel }, stream: true };
    },
    response(upstream, ctx) {
      seen.push({ who, context: ctx });
      return { path: [...(upstream as { path: string[] }).path, who] };
    },
    stream(ctx): StreamTranslator {
      seen.push({ who, context: ctx });
      return {
        push: (event) => [{ data: { path: [...((event.data as { path?: string[] }).path ?? []), who] } }],
        end: (interrupted) => [{ data: { path: [`${who} end${interrupted ? ' cut' : ''}`] } }],
      };
    },
  };
}

const outer = recorder('outer', 'chat/completions');
const inner = recorder('inner', 'messages');
const composed = composeTranslators(outer, inner);

beforeEach(() => {
  seen.length = 0;
});

describe('composeTranslators', () => {
  it('asks the upstream for the inner operation', () => {
    expect(composed.upstreamOperation).toBe('messages');
  });

  it('translates the request through outer then inner; inner reads outer’s request in its protocol, with the client’s summary', () => {
    const translated = composed.request(context);
    expect(translated).toEqual({ json: { path: ['client', 'outer', 'inner'], model: 'channel-model' }, stream: true });
    const innerContext = seen.find((entry) => entry.who === 'inner')!.context;
    expect(innerContext.request).toMatchObject({
      protocol: 'openai',
      operation: 'chat/completions',
      payload: { path: ['client', 'outer'], model: 'channel-model' },
    });
    expect(innerContext.request.summary).toBe(summary);
    expect(JSON.parse(innerContext.request.body.toString('utf8'))).toEqual({ path: ['client', 'outer'], model: 'channel-model' });
    expect(innerContext.upstreamModel).toBe('channel-model');
  });

  it('translates a whole answer through inner then outer, with the contexts the request made', () => {
    composed.request(context);
    const innerContext = seen.find((entry) => entry.who === 'inner')!.context;
    seen.length = 0;
    expect(composed.response({ path: ['upstream'] }, context)).toEqual({ path: ['upstream', 'inner', 'outer'] });
    expect(seen.map((entry) => entry.who)).toEqual(['inner', 'outer']);
    expect(seen[0]!.context).toBe(innerContext);
    expect(seen[1]!.context).toBe(context);
  });

  it('builds the inner context itself for an answer whose request it did not translate', () => {
    const fresh: TranslationContext = { ...context };
    expect(composed.response({ path: ['upstream'] }, fresh)).toEqual({ path: ['upstream', 'inner', 'outer'] });
    expect(seen.find((entry) => entry.who === 'inner' && entry.context.request.operation === 'chat/completions')).toBeDefined();
  });

  it('feeds each stream event through inner, and inner’s events to outer; the end goes through both', () => {
    composed.request(context);
    const stream = composed.stream(context);
    const events: WireEvent[] = [...stream.push({ data: { path: ['upstream'] } }), ...stream.end(true)];
    expect(events.map((event) => (event.data as { path: string[] }).path)).toEqual([
      ['upstream', 'inner', 'outer'],
      ['inner end cut', 'outer'],
      ['outer end cut'],
    ]);
  });

  it('gives outer nothing for an event inner swallows, and inner’s closing events before outer’s end', () => {
    const quiet: Translator = { ...inner, stream: () => ({ push: () => [], end: () => [{ data: DONE }] }) };
    const stream = composeTranslators(outer, quiet).stream(context);
    expect(stream.push({ data: { path: [] } })).toEqual([]);
    expect(stream.end(false)).toEqual([{ data: { path: ['outer'] } }, { data: { path: ['outer end'] } }]);
  });
});
