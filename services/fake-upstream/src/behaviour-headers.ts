// Reads the per-request programming headers (`x-fake-*`) into a behaviour. An unknown `x-fake-`
// header or an invalid value is an error, so a typo in a test fails loudly instead of silently
// getting the default response.
import type { FakeBehaviour, FakeBlock, FakeErrorKind, FakeToolCall, FakeUsageMode } from './types';
import { ERROR_KINDS } from './errors';

/** A malformed `x-fake-*` header; answered with 400. */
export class FakeHeaderError extends Error {}

const USAGE_MODES: ReadonlySet<string> = new Set<FakeUsageMode>(['none', 'stream', 'final', 'always']);
const BLOCKS: ReadonlySet<string> = new Set<FakeBlock>(['prompt', 'response']);

const count = (name: string, value: string): number => {
  if (!/^\d{1,9}$/.test(value)) throw new FakeHeaderError(`${name} must be a non-negative integer, got '${value}'`);
  return Number(value);
};

/** `[{"name": "…", "arguments": "{…}", "id"?: "…"}, …]`, checked field by field. */
const toolCalls = (name: string, value: string): FakeToolCall[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new FakeHeaderError(`${name} must be a JSON array of {name, arguments, id?}, got '${value}'`);
  }
  const isCall = (c: unknown): c is FakeToolCall => {
    if (typeof c !== 'object' || c === null) return false;
    const { name: fn, arguments: args, id } = c as Record<string, unknown>;
    return typeof fn === 'string' && fn !== '' && typeof args === 'string' && (id === undefined || typeof id === 'string');
  };
  if (!Array.isArray(parsed) || !parsed.every(isCall)) {
    throw new FakeHeaderError(`${name} must be a JSON array of {name, arguments, id?} with string fields, got '${value}'`);
  }
  return parsed;
};

type Setter = (behaviour: FakeBehaviour, value: string, name: string) => void;

/** Every header the fake understands, with how it sets the behaviour. */
const SETTERS: ReadonlyMap<string, Setter> = new Map(Object.entries<Setter>({
  'x-fake-status': (b, v, n) => {
    const status = count(n, v);
    if (status < 100 || status > 599) throw new FakeHeaderError(`${n} must be an HTTP status, got '${v}'`);
    b.status = status;
  },
  'x-fake-error': (b, v, n) => {
    if (!ERROR_KINDS.has(v)) {
      throw new FakeHeaderError(`${n} must be one of ${[...ERROR_KINDS].join(', ')}, got '${v}'`);
    }
    b.error = v as FakeErrorKind;
  },
  'x-fake-error-message': (b, v) => {
    b.errorMessage = v;
  },
  'x-fake-latency-ms': (b, v, n) => {
    b.latencyMs = count(n, v);
  },
  'x-fake-chunks': (b, v, n) => {
    b.chunks = count(n, v);
  },
  'x-fake-chunk-delay-ms': (b, v, n) => {
    b.chunkDelayMs = count(n, v);
  },
  'x-fake-usage': (b, v, n) => {
    if (!USAGE_MODES.has(v)) {
      throw new FakeHeaderError(`${n} must be one of ${[...USAGE_MODES].join(', ')}, got '${v}'`);
    }
    b.usage = v as FakeUsageMode;
  },
  'x-fake-disconnect-after': (b, v, n) => {
    b.disconnectAfter = count(n, v);
  },
  'x-fake-body': (b, v) => {
    b.body = v;
  },
  'x-fake-content-type': (b, v) => {
    b.contentType = v;
  },
  'x-fake-text': (b, v) => {
    b.text = v;
  },
  'x-fake-finish-reason': (b, v) => {
    b.finishReason = v;
  },
  'x-fake-prompt-tokens': (b, v, n) => {
    b.promptTokens = count(n, v);
  },
  'x-fake-completion-tokens': (b, v, n) => {
    b.completionTokens = count(n, v);
  },
  'x-fake-cached-tokens': (b, v, n) => {
    b.cachedTokens = count(n, v);
  },
  'x-fake-cache-creation-tokens': (b, v, n) => {
    b.cacheCreationTokens = count(n, v);
  },
  'x-fake-cache-creation-1h-tokens': (b, v, n) => {
    b.cacheCreation1hTokens = count(n, v);
  },
  'x-fake-tool-calls': (b, v, n) => {
    b.toolCalls = toolCalls(n, v);
  },
  'x-fake-reasoning': (b, v) => {
    b.reasoning = v;
  },
  'x-fake-stream-error-after': (b, v, n) => {
    b.streamErrorAfter = count(n, v);
  },
  'x-fake-close-code': (b, v, n) => {
    const code = count(n, v);
    if (code < 1000 || code > 4999) throw new FakeHeaderError(`${n} must be a WebSocket close code (1000–4999), got '${v}'`);
    b.closeCode = code;
  },
  'x-fake-blocked': (b, v, n) => {
    if (!BLOCKS.has(v)) throw new FakeHeaderError(`${n} must be one of ${[...BLOCKS].join(', ')}, got '${v}'`);
    b.blocked = v as FakeBlock;
  },
}));

/** The names of every programming header. */
export const FAKE_HEADERS: readonly string[] = [...SETTERS.keys()];

// "x-f" without allocating: most requests carry no programming header at all.
const mayBeFake = (name: string): boolean =>
  name.length > 7 &&
  (name.charCodeAt(0) | 0x20) === 0x78 &&
  name.charCodeAt(1) === 0x2d &&
  (name.charCodeAt(2) | 0x20) === 0x66;

/**
 * The behaviour programmed by the `x-fake-*` headers among `rawHeaders` (Node's flat
 * name/value list), or `undefined` when there are none.
 * @throws FakeHeaderError on an unknown `x-fake-` header or an invalid value.
 */
export function behaviourFromHeaders(rawHeaders: readonly string[]): FakeBehaviour | undefined {
  let behaviour: FakeBehaviour | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const raw = rawHeaders[i]!;
    if (!mayBeFake(raw)) continue;
    const name = raw.toLowerCase();
    if (!name.startsWith('x-fake-')) continue;
    const setter = SETTERS.get(name);
    if (setter === undefined) throw new FakeHeaderError(`unknown programming header ${name}`);
    setter((behaviour ??= {}), rawHeaders[i + 1]!, name);
  }
  return behaviour;
}
