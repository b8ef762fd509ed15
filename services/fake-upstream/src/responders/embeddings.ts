// Embeddings: one deterministic vector per input, as floats or base64 (the official SDKs ask
// for base64 by default).
import type { Exchange } from '../exchange';
import { invalidRequest } from '../errors';
import { sendJson } from '../reply';
import { estimateTokens, inputUsage } from '../usage';

/** Dimensions of a vector when the request does not set `dimensions`. */
export const DEFAULT_DIMENSIONS = 16;
const MAX_DIMENSIONS = 4096;

export interface Vector {
  floats: number[];
  base64: string;
}

// Vectors depend only on their length, so each length is built once.
const vectors = new Map<number, Vector>();

/** The deterministic vector of `dimensions` floats (built once per length). */
export function vectorOf(dimensions: number): Vector {
  let vector = vectors.get(dimensions);
  if (vector === undefined) {
    const f32 = new Float32Array(dimensions);
    for (let i = 0; i < dimensions; i++) f32[i] = Math.sin(i + 1) / Math.sqrt(dimensions);
    vector = { floats: Array.from(f32), base64: Buffer.from(f32.buffer).toString('base64') };
    vectors.set(dimensions, vector);
  }
  return vector;
}

/** How many vectors `input` asks for: a string or a token list is one; a list of either is many. */
function inputCount(input: unknown): number {
  if (!Array.isArray(input)) return 1;
  if (input.length === 0) return 0;
  return typeof input[0] === 'number' ? 1 : input.length;
}

/** `POST /v1/embeddings`. */
export function respondEmbeddings(x: Exchange): void {
  const { input, dimensions, encoding_format: encoding } = x.body;
  if (input === undefined || input === null || input === '') {
    sendJson(x.res, 400, invalidRequest("Missing required parameter: 'input'.", 'input', 'missing_required_parameter'));
    return;
  }
  const size = dimensions === undefined ? DEFAULT_DIMENSIONS : Number(dimensions);
  if (!Number.isInteger(size) || size < 1 || size > MAX_DIMENSIONS) {
    const message = `Invalid 'dimensions': must be an integer from 1 to ${MAX_DIMENSIONS}.`;
    sendJson(x.res, 400, invalidRequest(message, 'dimensions'));
    return;
  }
  const vector = vectorOf(size);
  const embedding = encoding === 'base64' ? vector.base64 : vector.floats;
  const count = inputCount(input);
  const data = new Array<{ object: 'embedding'; index: number; embedding: number[] | string }>(count);
  for (let i = 0; i < count; i++) data[i] = { object: 'embedding', index: i, embedding };
  sendJson(x.res, x.status, {
    object: 'list',
    data,
    model: x.model,
    usage: x.behaviour.usage === 'none' ? undefined : inputUsage(x.behaviour, estimateTokens(input)),
  });
}
