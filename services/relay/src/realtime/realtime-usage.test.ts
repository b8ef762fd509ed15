import { finishedResponseOf, realtimeUsageOf } from './realtime-usage';

/** A `response.done` as OpenAI's Realtime API sends it. */
const responseDone = {
  type: 'response.done',
  event_id: 'event_1',
  response: {
    object: 'realtime.response',
    id: 'resp_1',
    status: 'completed',
    output: [],
    usage: {
      total_tokens: 253,
      input_tokens: 127,
      output_tokens: 126,
      input_token_details: { text_tokens: 119, audio_tokens: 8, cached_tokens: 64, cached_tokens_details: { text_tokens: 64, audio_tokens: 0 } },
      output_token_details: { text_tokens: 30, audio_tokens: 96 },
    },
  },
};

describe('finishedResponseOf', () => {
  it("reads a response.done's id and its usage split into text and audio", () => {
    expect(finishedResponseOf(JSON.stringify(responseDone))).toEqual({
      responseId: 'resp_1',
      usage: {
        inputTokens: 127,
        outputTokens: 126,
        textInputTokens: 119,
        audioInputTokens: 8,
        cachedTokens: 64,
        textOutputTokens: 30,
        audioOutputTokens: 96,
      },
    });
  });

  it('passes over every other event, unparsable text and a response.done mentioned inside another event', () => {
    expect(finishedResponseOf(JSON.stringify({ type: 'response.audio.delta', delta: 'AAAA' }))).toBeUndefined();
    expect(finishedResponseOf('{"type":"response.done",')).toBeUndefined();
    expect(finishedResponseOf(JSON.stringify({ type: 'response.text.delta', delta: 'say "response.done"' }))).toBeUndefined();
  });

  it('a response.done without usage (cancelled before it ran) has none', () => {
    expect(finishedResponseOf(JSON.stringify({ type: 'response.done', response: { id: 'resp_2', status: 'cancelled', usage: null } }))).toEqual({
      responseId: 'resp_2',
      usage: undefined,
    });
  });
});

describe('realtimeUsageOf', () => {
  it('without details every token is text; bad counts read as 0', () => {
    expect(realtimeUsageOf({ input_tokens: 10, output_tokens: 'x' })).toEqual({
      inputTokens: 10,
      outputTokens: 0,
      textInputTokens: 10,
      audioInputTokens: 0,
      cachedTokens: 0,
      textOutputTokens: 0,
      audioOutputTokens: 0,
    });
  });

  it('details larger than the totals win, so no part is negative', () => {
    const usage = realtimeUsageOf({ input_tokens: 1, output_tokens: 1, input_token_details: { audio_tokens: 5 }, output_token_details: { audio_tokens: 7 } });
    expect(usage).toMatchObject({ inputTokens: 5, textInputTokens: 0, audioInputTokens: 5, outputTokens: 7, textOutputTokens: 0, audioOutputTokens: 7 });
  });
});
