import { fromGeminiUsage, toGeminiUsage } from './usage';

describe('Gemini usage', () => {
  it('counts thoughts as completion, tool-use prompt as prompt, cached content as cache reads', () => {
    const usage = fromGeminiUsage({
      promptTokenCount: 100,
      cachedContentTokenCount: 40,
      toolUsePromptTokenCount: 10,
      candidatesTokenCount: 20,
      thoughtsTokenCount: 30,
      totalTokenCount: 160,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 70 }, { modality: 'AUDIO', tokenCount: 30 }],
    });
    expect(usage).toEqual({
      promptTokens: 110,
      completionTokens: 50,
      totalTokens: 160,
      cachedTokens: 40,
      cacheWriteTokens: 0,
      cacheWrite1hTokens: 0,
      reasoningTokens: 30,
      promptAudioTokens: 30,
      completionAudioTokens: 0,
      source: 'gemini',
    });
    expect(toGeminiUsage(usage!)).toEqual({ promptTokenCount: 110, candidatesTokenCount: 20, thoughtsTokenCount: 30, cachedContentTokenCount: 40, totalTokenCount: 160 });
  });

  it('is absent when nothing is counted, and a prompt-only report counts no completion', () => {
    expect(fromGeminiUsage(undefined)).toBeUndefined();
    expect(fromGeminiUsage({ totalTokenCount: 5 })).toBeUndefined();
    expect(fromGeminiUsage({ promptTokenCount: 7, totalTokenCount: 7 })).toMatchObject({ promptTokens: 7, completionTokens: 0, totalTokens: 7 });
  });
});
