import { productOf, roundHalfAwayFromZero } from './decimal';
import type { ModelPricing } from './price-table';
import { tokenCount } from './quota';

/**
 * Endpoint-specific token and price rules (reference §3.5) that turn a non-chat request into the
 * inputs of the quota formulas.
 */

/**
 * Prompt tokens of a text-to-speech request: for models whose name starts `tts` one token per
 * Unicode character of the input (tts-1 at ratio 7.5 then costs $0.015 per 1K characters);
 * `undefined` for other models, which the caller counts with its tokenizer.
 */
export function speechPromptTokens(model: string, input: string): number | undefined {
  if (!model.startsWith('tts')) return undefined;
  let characters = 0;
  for (const _ of input) characters += 1;
  return characters;
}

/**
 * Prompt tokens of a transcription or translation: one minute of audio is 1000 tokens, on whole
 * started seconds — `round(ceil(seconds) / 60 × 1000)`; e.g. 61.2 s → 62 s → 1033 tokens.
 */
export function transcriptionTokens(durationSeconds: number): number {
  const seconds = Number.isFinite(durationSeconds) && durationSeconds > 0 ? Math.ceil(durationSeconds) : 0;
  return Math.round((seconds * 1000) / 60);
}

/** An image-generation request's billable parameters. */
export interface ImageRequest {
  /** e.g. `1024x1024`; the reference's default when absent. */
  readonly size?: string;
  /** `hd` doubles a dall-e-3 price (×1.5 for the tall and wide sizes). */
  readonly quality?: string;
  /** Number of images (default 1). */
  readonly n?: number;
}

/** Price multiplier of an image size (reference §3.5); sizes not listed cost 1. */
const IMAGE_SIZE_RATIO: ReadonlyMap<string, number> = new Map([
  ['256x256', 0.4],
  ['512x512', 0.45],
  ['1024x1024', 1],
  ['1024x1792', 2],
  ['1792x1024', 2],
]);

/** USD per image of ratio 1 when a model is priced by ratio: ratio 16 ≙ $0.04 (reference §3.5). */
export const IMAGE_USD_PER_RATIO = 0.0025;

/**
 * The charge of an image generation (reference §3.5), used both to check the balance before the
 * call and to settle it: `round(price × size × quality × n × QuotaPerUnit × GroupRatio)` where
 * price is `ModelPrice`, or `0.0025 × ModelRatio` for a model priced by ratio; at least 1 when not
 * free. The reference settles ratio-priced images through the text formula with `n` as the prompt
 * tokens, which charges `n × ModelRatio × GroupRatio` units — a quirk §3.5 names (a $0.04 image
 * billed 16 units, $0.000032); we charge the computed price in both modes.
 */
export function imageQuota(pricing: ModelPricing, request: ImageRequest): number {
  const size = request.size ?? '1024x1024';
  const sizeRatio = IMAGE_SIZE_RATIO.get(size) ?? 1;
  const tallOrWide = size === '1024x1792' || size === '1792x1024';
  const qualityRatio = pricing.model === 'dall-e-3' && request.quality === 'hd' ? (tallOrWide ? 1.5 : 2) : 1;
  const n = tokenCount(request.n) || 1;
  const price = pricing.usePrice ? [pricing.modelPrice] : [IMAGE_USD_PER_RATIO, pricing.modelRatio];
  if (!price.every((factor) => factor > 0) || !(pricing.groupRatio > 0)) return 0;
  const amount = productOf(...price, sizeRatio, qualityRatio, n, pricing.quotaPerUnit, pricing.groupRatio);
  return Math.max(1, roundHalfAwayFromZero(amount));
}
