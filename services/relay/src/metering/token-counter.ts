import type { GptEncoding } from 'gpt-tokenizer/GptEncoding';

/**
 * Local token counting with OpenAI's byte-pair vocabularies (the `gpt-tokenizer` package).
 *
 * The relay counts tokens itself in two places only: the prompt estimate behind the quota
 * reservation, and the completion of a stream that ended without usage. Both are estimates for
 * models of other vendors, so two vocabularies are enough: `o200k_base` (GPT-4o generation and
 * later) and `cl100k_base` (everything else).
 *
 * Each vocabulary costs tens of MB once loaded, so it is loaded on first use and then kept: a
 * process that never counts (one serving only images or transcriptions, or one that merely
 * imports this module) never pays for it. CPU is bounded on two fronts: a per-request budget of
 * characters beyond which text is estimated from its size, and segmentation of long text so that
 * no byte-pair merge runs over more than a few hundred characters (the merge is quadratic in the
 * length of a word-like piece: one unbroken run of a million letters would take minutes).
 */

/** The vocabularies the relay counts with. */
export type EncodingName = 'o200k_base' | 'cl100k_base';

/**
 * Model-name prefixes tokenized with `o200k_base`: OpenAI's GPT-4o generation and everything
 * after it (the open-weight `gpt-oss` models use the same vocabulary plus chat markers that plain
 * text never produces).
 */
const O200K_PREFIXES: readonly string[] = [
  'gpt-4o',
  'gpt-4.1',
  'gpt-4.5',
  'gpt-5',
  'o1',
  'o3',
  'o4',
  'chatgpt-4o',
  'gpt-oss',
  'gpt-realtime',
  'gpt-audio',
];

/**
 * Characters one counter tokenizes before it falls back to {@link estimateTokensBySize}. The
 * count runs on the event loop every other request shares: a million characters take ~0.2 s as
 * prose and up to ~2.5 s as adversarial text (random CJK or letters without spaces), so the
 * budget is kept to 64k characters (≤ ~0.17 s worst case). Beyond it the count is an estimate —
 * enough for a reservation; a provider's reported usage is what is charged when it gives one.
 */
export const TOKENIZE_CHAR_BUDGET = 64_000;

/**
 * Longest slice handed to the tokenizer at once. Slices end just before a single space between
 * two non-space characters — a boundary the tokenizers' pre-split always has, so prose counts
 * exactly as if tokenized whole; only an unbroken run longer than this (minified JSON, base64,
 * CJK) is cut mid-word, costing at most a token or so per cut.
 */
const SEGMENT_CHARS = 512;

/**
 * Byte-pair merge results each vocabulary memoises. The library's default (100,000 entries)
 * could hold over 100 MB of junk pieces per vocabulary under adversarial input; a few thousand
 * entries keep the speed-up on repeated words at a few MB.
 */
const MERGE_CACHE_ENTRIES = 4096;

/**
 * Input that may contain `<|endoftext|>` and the like is user text, not control markers: an empty
 * disallow-list makes the tokenizer count such strings as ordinary text instead of throwing.
 */
const PLAIN_TEXT: Parameters<GptEncoding['countTokens']>[1] = { disallowedSpecial: new Set() };

type EncodingModule = { readonly default: GptEncoding };

/**
 * Loads a vocabulary module. Literal `require` calls at call time (not top-level imports) keep the
 * modules out of memory until a count needs them.
 */
const LOADERS: Readonly<Record<EncodingName, () => GptEncoding>> = {
  o200k_base: () => (require('gpt-tokenizer/encoding/o200k_base') as EncodingModule).default,
  cl100k_base: () => (require('gpt-tokenizer/encoding/cl100k_base') as EncodingModule).default,
};

const loaded = new Map<EncodingName, GptEncoding>();

function encoding(name: EncodingName): GptEncoding {
  let encoder = loaded.get(name);
  if (encoder === undefined) {
    encoder = LOADERS[name]();
    encoder.setMergeCacheSize(MERGE_CACHE_ENTRIES);
    loaded.set(name, encoder);
  }
  return encoder;
}

/**
 * The vocabulary to count a model's text with. A vendor prefix (`openai/gpt-4o`) and letter case
 * are ignored, so aliases an operator configures still pick the right vocabulary.
 */
export function encodingFor(model: string): EncodingName {
  const name = model.slice(model.lastIndexOf('/') + 1).toLowerCase();
  return O200K_PREFIXES.some((prefix) => name.startsWith(prefix)) ? 'o200k_base' : 'cl100k_base';
}

/**
 * Tokens of text that is not tokenized: a quarter of its UTF-8 size. That is the familiar
 * "4 characters per token" for English, and — counting bytes rather than characters — it does not
 * underestimate CJK and other scripts whose characters are several bytes and often a token each.
 */
export function estimateTokensBySize(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
}

const WHITESPACE = /\s/;

/**
 * Whether a segment may end at `index`: a lone ASCII space between two non-space characters. In
 * both vocabularies' pre-split a space is either the first character of a piece or part of a run
 * of whitespace, so such a space always starts a piece and cutting there changes no count.
 */
function isCleanCut(text: string, index: number): boolean {
  return (
    text.charCodeAt(index) === 0x20 &&
    index + 1 < text.length &&
    !WHITESPACE.test(text[index - 1]!) &&
    !WHITESPACE.test(text[index + 1]!)
  );
}

/** Where the segment starting at `start` ends (exclusive). */
function segmentEnd(text: string, start: number): number {
  const limit = start + SEGMENT_CHARS;
  if (limit >= text.length) return text.length;
  for (let index = limit; index > start + SEGMENT_CHARS / 2; index -= 1) {
    if (isCleanCut(text, index)) return index;
  }
  // No clean boundary in the second half: cut at the limit, but never inside a surrogate pair.
  const last = text.charCodeAt(limit - 1);
  return last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit;
}

function tokenize(encoder: GptEncoding, text: string): number {
  if (text.length <= SEGMENT_CHARS) return encoder.countTokens(text, PLAIN_TEXT);
  let total = 0;
  for (let start = 0; start < text.length; ) {
    const end = segmentEnd(text, start);
    total += encoder.countTokens(text.slice(start, end), PLAIN_TEXT);
    start = end;
  }
  return total;
}

/**
 * Counts the tokens of one text after another, drawing on one shared character budget. It takes
 * any value so body readers can pass fields unchecked: anything but a string counts 0.
 */
export type TextTokenCounter = (text: unknown) => number;

/**
 * A counter for the texts of one request: together they tokenize at most `charBudget`
 * characters; a text that no longer fits the remaining budget is estimated by size, so many
 * medium-sized parts cannot add up to unbounded work.
 */
export function createTextTokenCounter(model: string, charBudget = TOKENIZE_CHAR_BUDGET): TextTokenCounter {
  const name = encodingFor(model);
  let remaining = charBudget;
  return (text) => {
    if (typeof text !== 'string' || text.length === 0) return 0;
    if (text.length > remaining) return estimateTokensBySize(text);
    remaining -= text.length;
    return tokenize(encoding(name), text);
  };
}

/**
 * Tokens of `text` in the model's vocabulary; text longer than {@link TOKENIZE_CHAR_BUDGET} is
 * estimated by size instead. Empty text is 0 and loads nothing.
 */
export function countTextTokens(model: string, text: string): number {
  return createTextTokenCounter(model)(text);
}
