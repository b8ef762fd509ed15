/**
 * Claude's thinking carried through a Gemini client. With thinking on, Claude wants the thinking
 * blocks of a turn that called tools sent back unchanged (text and signature) with the calls;
 * Gemini's way is an opaque `thoughtSignature` on the function call part, which its clients keep
 * and return whether or not they asked to see thoughts. So the thinking blocks before a call
 * travel, packed, as that call's `thoughtSignature`, and become thinking blocks again when the
 * call comes back.
 */

/** A thinking block as Claude gave it: its text and signature, or the data of a redacted one. */
export type ThinkingBlock = { readonly type: 'thinking'; readonly thinking: string; readonly signature: string } | { readonly type: 'redacted_thinking'; readonly data: string };

const PREFIX = 'claude.thinking.';

/** The `thoughtSignature` that carries thinking blocks. */
export function packThinking(blocks: readonly ThinkingBlock[]): string {
  return PREFIX + Buffer.from(JSON.stringify(blocks)).toString('base64url');
}

function isBlock(value: unknown): value is ThinkingBlock {
  if (typeof value !== 'object' || value === null) return false;
  const block = value as Record<string, unknown>;
  if (block['type'] === 'thinking') return typeof block['thinking'] === 'string' && typeof block['signature'] === 'string';
  return block['type'] === 'redacted_thinking' && typeof block['data'] === 'string';
}

/** The thinking blocks a `thoughtSignature` carries; none for any other signature (a Gemini model's). */
export function unpackThinking(signature: string | undefined): ThinkingBlock[] {
  if (!signature?.startsWith(PREFIX)) return [];
  try {
    const blocks: unknown = JSON.parse(Buffer.from(signature.slice(PREFIX.length), 'base64url').toString('utf8'));
    return Array.isArray(blocks) && blocks.every(isBlock) ? blocks : [];
  } catch {
    return [];
  }
}
