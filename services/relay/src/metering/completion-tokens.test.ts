import { countCompletion, countCompletionTokens, TOKENS_PER_TOOL_CALL } from './completion-tokens';
import { countTextTokens, TOKENIZE_CHAR_BUDGET } from './token-counter';

describe('countCompletionTokens', () => {
  it('counts the text in the model vocabulary', () => {
    expect(countCompletionTokens('gpt-4o', 'hello world', 0)).toBe(2);
    expect(countCompletionTokens('gpt-4o', '你好，世界', 0)).toBe(3);
    expect(countCompletionTokens('deepseek-chat', '你好，世界', 0)).toBe(6);
  });

  it('adds 7 tokens per tool call to the tokens of the collected names and arguments', () => {
    expect(TOKENS_PER_TOOL_CALL).toBe(7);
    // What a stream parser collects: content, then the call's name and arguments.
    const text = 'Let me check.get_weather{"city":"Paris"}';
    expect(countTextTokens('gpt-4o', text)).toBe(10);
    expect(countCompletionTokens('gpt-4o', text, 1)).toBe(17);
    expect(countCompletionTokens('gpt-4o', text, 3)).toBe(31);
    expect(countCompletionTokens('gpt-4o', '', 2)).toBe(14);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('treats a tool-call count of %p as none', (toolCalls) => {
    expect(countCompletionTokens('gpt-4o', 'hello world', toolCalls)).toBe(2);
  });

  it('estimates an oversized completion by size', () => {
    expect(countCompletionTokens('gpt-4o', 'a'.repeat(TOKENIZE_CHAR_BUDGET + 3), 1)).toBe(Math.ceil((TOKENIZE_CHAR_BUDGET + 3) / 4) + 7);
  });
});

describe('countCompletion', () => {
  it('gives the completion billing charges, and the text tokens it was counted from', () => {
    const text = 'Let me check.get_weather{"city":"Paris"}';
    expect(countCompletion('gpt-4o', [text], 1)).toEqual({ text, textTokens: 10, toolCalls: 1, tokens: 17 });
    expect(countCompletion('gpt-4o', ['hello', ' world'], 0)).toEqual({ text: 'hello world', textTokens: 2, toolCalls: 0, tokens: 2 });
  });
});
