// How programmed texts are cut into stream chunks: the completion text into `chunks` slices or
// word by word, reasoning word by word, tool-call arguments into a few slices.
import type { FakeBehaviour } from './types';

/** The completion text when none is programmed. */
export const DEFAULT_TEXT = 'Hello from the fake upstream.';
const DEFAULT_PIECES: readonly string[] = ['Hello', ' from', ' the', ' fake', ' upstream', '.'];

/** `text` word by word, each word with the spaces before it (`['Hello', ' world']`). */
export function wordPieces(text: string): string[] {
  const words = text.match(/\s*\S+/g);
  if (words === null) return [text];
  const joined = words.join('');
  if (joined.length < text.length) words[words.length - 1] += text.slice(joined.length);
  return words;
}

/** `text` in `count` slices of (nearly) even length. */
export function slices(text: string, count: number): string[] {
  const pieces = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    pieces[i] = text.slice(Math.floor((i * text.length) / count), Math.floor(((i + 1) * text.length) / count));
  }
  return pieces;
}

/**
 * The content chunks of the completion: the programmed or default text split into
 * `behaviour.chunks` even slices, or word by word when no count is programmed. Without a
 * programmed text but with a count, the default words repeat to fill the count.
 */
export function completionPieces(behaviour: FakeBehaviour): readonly string[] {
  const { text, chunks } = behaviour;
  if (text === undefined) {
    if (chunks === undefined) return DEFAULT_PIECES;
    const pieces = new Array<string>(chunks);
    for (let i = 0; i < chunks; i++) pieces[i] = DEFAULT_PIECES[i % DEFAULT_PIECES.length]!;
    return pieces;
  }
  return chunks === undefined ? wordPieces(text) : slices(text, chunks);
}

/** The whole completion text of `pieces` (from {@link completionPieces}). */
export const completionText = (behaviour: FakeBehaviour, pieces: readonly string[]): string =>
  behaviour.text ?? (pieces === DEFAULT_PIECES ? DEFAULT_TEXT : pieces.join(''));

/** Tool-call arguments arrive in up to this many slices, as providers stream them. */
const ARGUMENT_SLICES = 3;

/** The slices a tool call's arguments are streamed in (none for empty arguments). */
export const argumentPieces = (args: string): string[] =>
  args === '' ? [] : slices(args, Math.min(ARGUMENT_SLICES, args.length));
