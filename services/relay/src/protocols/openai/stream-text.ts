/**
 * The text of a streamed chunk that counts as completion, for counting tokens locally when the
 * upstream sends no usage (the reference's rule: content, `reasoning_content`, and each tool
 * call's name and arguments; the legacy completions' `text`).
 */

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function pushText(texts: string[], value: unknown): void {
  if (typeof value === 'string' && value !== '') texts.push(value);
}

/**
 * Appends the completion text of a parsed chunk to `texts`; returns how many tool calls it
 * starts (a tool-call delta carrying an `id`), which the reference charges 7 tokens each.
 */
export function collectChunkText(chunk: Record<string, unknown>, texts: string[]): number {
  const choices = chunk['choices'];
  if (!Array.isArray(choices)) return 0;
  let toolCalls = 0;
  for (const choice of choices) {
    pushText(texts, field(choice, 'text'));
    const delta = field(choice, 'delta');
    pushText(texts, field(delta, 'content'));
    pushText(texts, field(delta, 'reasoning_content'));
    const calls = field(delta, 'tool_calls');
    if (!Array.isArray(calls)) continue;
    for (const call of calls) {
      if (typeof field(call, 'id') === 'string') toolCalls++;
      pushText(texts, field(field(call, 'function'), 'name'));
      pushText(texts, field(field(call, 'function'), 'arguments'));
    }
  }
  return toolCalls;
}
