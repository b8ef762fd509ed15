import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { Surface } from './routes';

/** A body to send: its bytes and the headers that describe them (none for no body). */
export interface FuzzBody {
  readonly bytes?: Buffer;
  readonly headers: Record<string, string>;
  /** What was done to it, for the failure report. */
  readonly label: string;
}

const MODELS = ['gpt-4o-mini', 'claude-sonnet-4-5', 'no-such-model', '', 'gpt-4o-mini\u0000', 'x'.repeat(300)];

/** Bodies shaped like what each surface expects, so mutations reach past the first check. */
const PLAUSIBLE: Record<Surface, fc.Arbitrary<Record<string, unknown>>> = {
  openai: fc.record(
    {
      model: fc.constantFrom(...MODELS),
      messages: fc.array(fc.record({ role: fc.constantFrom('user', 'system', 'assistant', 'tool', 'developer', 'narrator'), content: fc.oneof(fc.string(), fc.jsonValue()) }), { maxLength: 3 }),
      stream: fc.boolean(),
      max_tokens: fc.oneof(fc.integer(), fc.double(), fc.string()),
      n: fc.integer({ min: -2, max: 5 }),
      input: fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 })),
      prompt: fc.string(),
      tools: fc.array(fc.jsonValue(), { maxLength: 2 }),
      stream_options: fc.jsonValue(),
    },
    { requiredKeys: ['model'] },
  ),
  anthropic: fc.record(
    {
      model: fc.constantFrom(...MODELS),
      max_tokens: fc.oneof(fc.integer(), fc.string()),
      messages: fc.array(
        fc.record({
          role: fc.constantFrom('user', 'assistant', 'system'),
          content: fc.oneof(fc.string(), fc.array(fc.record({ type: fc.constantFrom('text', 'image', 'tool_use', 'tool_result', 'thinking', 'document', 'bogus'), text: fc.string() }), { maxLength: 2 })),
        }),
        { maxLength: 3 },
      ),
      system: fc.oneof(fc.string(), fc.jsonValue()),
      stream: fc.boolean(),
      thinking: fc.jsonValue(),
      tools: fc.array(fc.jsonValue(), { maxLength: 2 }),
    },
    { requiredKeys: ['model'] },
  ),
  gemini: fc.record({
    contents: fc.oneof(
      fc.array(
        fc.record({
          role: fc.constantFrom('user', 'model', 'function', 'bogus'),
          parts: fc.oneof(fc.jsonValue(), fc.array(fc.record({ text: fc.oneof(fc.string(), fc.jsonValue()), inline_data: fc.jsonValue(), functionCall: fc.jsonValue() }, { requiredKeys: [] }), { maxLength: 2 })),
        }),
        { maxLength: 3 },
      ),
      fc.jsonValue(),
    ),
    systemInstruction: fc.jsonValue(),
    generationConfig: fc.record({ maxOutputTokens: fc.oneof(fc.integer(), fc.double(), fc.string()), thinkingConfig: fc.jsonValue() }, { requiredKeys: [] }),
    tools: fc.array(fc.jsonValue(), { maxLength: 2 }),
    content: fc.jsonValue(),
    requests: fc.array(fc.jsonValue(), { maxLength: 2 }),
  }, { requiredKeys: [] }),
  api: fc.dictionary(
    fc.constantFrom('username', 'password', 'original_password', 'email', 'id', 'name', 'key', 'quota', 'remain_quota', 'group', 'models', 'base_url', 'type', 'status', 'role', 'action', 'code', 'value', 'aff_code', 'expired_time', 'unlimited_quota', 'model_limits', 'allow_ips', 'display_name', 'count'),
    fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue()),
    { maxKeys: 6 },
  ),
  gateway: fc.dictionary(
    fc.constantFrom('pid', 'trade_no', 'out_trade_no', 'type', 'name', 'money', 'trade_status', 'sign', 'sign_type'),
    fc.oneof(fc.string(), fc.constantFrom('TRADE_SUCCESS', 'MD5', '0.01', '-1')),
    { maxKeys: 9 },
  ),
  console: fc.constant({}),
};

/** Text-level damage to an encoded JSON body: what a careless or hostile client sends. */
const TEXT_MUTATIONS: ReadonlyArray<[string, (json: string, at: number) => string]> = [
  ['truncated', (json, at) => json.slice(0, at % Math.max(json.length, 1))],
  ['duplicate key', (json) => json.replace(/^\{/, '{"model":"gpt-4o-mini","model":1,')],
  ['__proto__ key', (json) => json.replace(/^\{/, '{"__proto__":{"isAdmin":true,"role":100},')],
  ['constructor key', (json) => json.replace(/^\{/, '{"constructor":{"prototype":{"polluted":1}},')],
  ['escaped NUL', (json) => json.replace(/"([^"]*)"/, '"$1\\u0000"')],
  ['lone surrogate', (json) => json.replace(/"([^"]*)"/, '"$1\\ud800"')],
  ['BOM', (json) => `\ufeff${json}`],
  ['trailing garbage', (json) => `${json}}]{`],
  ['huge number', (json) => json.replace(/\d+/, '1e400')],
  ['not an object', () => '"just a string"'],
  ['array', (json) => `[${json}]`],
  ['null', () => 'null'],
  ['empty', () => ''],
  ['deep arrays', (_json, at) => `${'['.repeat(5_000 + (at % 50_000))}${']'.repeat(5_000 + (at % 50_000))}`],
  ['deep objects', (_json, at) => `${'{"a":'.repeat(2_000 + (at % 20_000))}1${'}'.repeat(2_000 + (at % 20_000))}`],
  ['long string', (json, at) => json.replace(/^\{/, `{"pad":"${'a'.repeat(100_000 + (at % 900_000))}",`)],
  ['many keys', (json) => json.replace(/^\{/, `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')},`)],
];

/** Byte-level damage the JSON text cannot express. */
const BYTE_MUTATIONS: ReadonlyArray<[string, (bytes: Buffer, at: number) => Buffer]> = [
  ['raw NUL', (bytes, at) => splice(bytes, at, Buffer.from([0]))],
  ['invalid UTF-8', (bytes, at) => splice(bytes, at, Buffer.from([0xc3, 0x28, 0xff, 0xfe]))],
  ['overlong UTF-8', (bytes, at) => splice(bytes, at, Buffer.from([0xc0, 0xaf]))],
  ['random bytes', (_bytes, at) => Buffer.from(Array.from({ length: 1 + (at % 512) }, (_, i) => (i * 7919 + at) & 0xff))],
];

function splice(bytes: Buffer, at: number, insert: Buffer): Buffer {
  const i = at % (bytes.length + 1);
  return Buffer.concat([bytes.subarray(0, i), insert, bytes.subarray(i)]);
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf8',
  'application/json; charset=UTF-16',
  'application/json; charset=latin1',
  'application/json; charset=bogus-9',
  'application/json; charset=',
  'application/json;;;',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=zz',
  'application/octet-stream',
  '*/*',
  'application/json\t',
  'application/vnd.api+json',
  '',
];

/** Compression as sent: honest, corrupt, a bomb, or an encoding nobody knows. */
const ENCODINGS: ReadonlyArray<[string, (bytes: Buffer) => { bytes: Buffer; encoding: string }]> = [
  ['gzip', (bytes) => ({ bytes: gzipSync(bytes), encoding: 'gzip' })],
  ['deflate', (bytes) => ({ bytes: deflateSync(bytes), encoding: 'deflate' })],
  ['br', (bytes) => ({ bytes: brotliCompressSync(bytes), encoding: 'br' })],
  ['corrupt gzip', (bytes) => ({ bytes: Buffer.concat([gzipSync(bytes).subarray(0, 12), Buffer.from('not deflate')]), encoding: 'gzip' })],
  ['corrupt deflate', (bytes) => ({ bytes, encoding: 'deflate' })],
  ['corrupt br', (bytes) => ({ bytes, encoding: 'br' })],
  ['gzip bomb', () => ({ bytes: GZIP_BOMB(), encoding: 'gzip' })],
  ['gzip, gzip', (bytes) => ({ bytes: gzipSync(gzipSync(bytes)), encoding: 'gzip, gzip' })],
  ['unknown', (bytes) => ({ bytes, encoding: 'zstd' })],
  ['identity', (bytes) => ({ bytes, encoding: 'identity' })],
];

let bomb: Buffer | undefined;
/** 256 MB of zeros in about 250 KB of gzip, made once. */
function GZIP_BOMB(): Buffer {
  bomb ??= gzipSync(Buffer.alloc(256 * 1024 * 1024), { level: 9 });
  return bomb;
}

/** Multipart bodies for the upload endpoints, mostly broken. */
const MULTIPART: fc.Arbitrary<FuzzBody> = fc.constantFrom(
  { label: 'multipart without boundary', bytes: Buffer.from('--x\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n--x--'), headers: { 'content-type': 'multipart/form-data' } },
  { label: 'multipart wrong boundary', bytes: Buffer.from('--y\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF\r\n--y--'), headers: { 'content-type': 'multipart/form-data; boundary=x' } },
  { label: 'multipart unterminated', bytes: Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="../../etc/passwd"\r\n\r\nRIFF'), headers: { 'content-type': 'multipart/form-data; boundary=x' } },
  {
    label: 'multipart many fields',
    bytes: Buffer.from(`${Array.from({ length: 5_000 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('')}--x--`),
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
  },
  { label: 'multipart NUL name', bytes: Buffer.from('--x\r\nContent-Disposition: form-data; name="mo\0del"\r\n\r\ngpt\r\n--x--'), headers: { 'content-type': 'multipart/form-data; boundary=x' } },
);

/** Form bodies with the nesting and keys that upset query-string parsers. */
const FORMS: fc.Arbitrary<FuzzBody> = fc.constantFrom(
  { label: 'form prototype keys', bytes: Buffer.from('__proto__[role]=100&constructor[prototype][x]=1&username=a'), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { label: 'form deep nesting', bytes: Buffer.from(`a${'[b]'.repeat(5_000)}=1`), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { label: 'form many params', bytes: Buffer.from(Array.from({ length: 20_000 }, (_, i) => `p${i}=${i}`).join('&')), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { label: 'form bad percent', bytes: Buffer.from('username=%zz&password=%'), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
);

/** A body several megabytes large, rarely: the size limits and the memory budget get their turn. */
const SIZE_BOMBS: fc.Arbitrary<FuzzBody> = fc.integer({ min: 2, max: 40 }).map((mb) => ({
  label: `${mb} MB body`,
  bytes: Buffer.concat([Buffer.from('{"model":"gpt-4o-mini","messages":[{"role":"user","content":"'), Buffer.alloc(mb * 1024 * 1024, 0x61), Buffer.from('"}]}')]),
  headers: { 'content-type': 'application/json' },
}));

/** A JSON body for `surface`, then maybe damaged as text, as bytes, in its type and in its encoding. */
function jsonBody(surface: Surface): fc.Arbitrary<FuzzBody> {
  return fc
    .record({
      value: PLAUSIBLE[surface],
      text: sometimes(fc.constantFrom(...TEXT_MUTATIONS), 0.5),
      bytes: sometimes(fc.constantFrom(...BYTE_MUTATIONS), 0.2),
      contentType: sometimes(fc.constantFrom(...CONTENT_TYPES), 0.4),
      encoding: sometimes(fc.constantFrom(...ENCODINGS), 0.15),
      at: fc.nat(),
    })
    .map(({ value, text, bytes, contentType, encoding, at }) => {
      const labels: string[] = [];
      let json = JSON.stringify(value);
      if (text) {
        json = text[1](json, at);
        labels.push(text[0]);
      }
      let raw: Buffer = Buffer.from(json, contentType?.includes('16') ? 'utf16le' : 'utf8');
      if (bytes) {
        raw = bytes[1](raw, at);
        labels.push(bytes[0]);
      }
      const headers: Record<string, string> = { 'content-type': contentType ?? 'application/json' };
      if (contentType !== null) labels.push(`content-type ${JSON.stringify(contentType)}`);
      if (encoding) {
        const encoded = encoding[1](raw);
        raw = encoded.bytes;
        headers['content-encoding'] = encoded.encoding;
        labels.push(encoding[0]);
      }
      return { bytes: raw, headers, label: labels.join(', ') || 'plausible JSON' };
    });
}

/** Every kind of body, weighted towards JSON (what every route reads). */
export function bodies(surface: Surface): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    { weight: 20, arbitrary: fc.constant<FuzzBody>({ label: 'no body', headers: {} }) },
    { weight: 140, arbitrary: jsonBody(surface) },
    { weight: 10, arbitrary: MULTIPART },
    { weight: 10, arbitrary: FORMS },
    { weight: 10, arbitrary: fc.uint8Array({ maxLength: 2048 }).map((bytes) => ({ label: 'random bytes', bytes: Buffer.from(bytes), headers: { 'content-type': 'application/json' } })) },
    { weight: 1, arbitrary: SIZE_BOMBS },
  );
}

/** `arbitrary` with the given probability, else null. */
export function sometimes<T>(arbitrary: fc.Arbitrary<T>, probability: number): fc.Arbitrary<T | null> {
  const scale = 1_000;
  return fc.oneof(
    { weight: Math.round(probability * scale), arbitrary },
    { weight: Math.round((1 - probability) * scale), arbitrary: fc.constant(null) },
  );
}
