import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// Every stable code an `/api` failure can carry (ADR 0028) has the console's wording in English and
// Chinese, with the same placeholders in both: a service that raises a new code fails this test
// until the console can say it in both languages.

const ROOT = path.join(__dirname, '..');

/** The code that answers `/api` (edge) and every service and library behind it. */
const SOURCES = [
  'services/edge/src',
  'services/identity/src',
  'services/billing/src',
  'services/task/src',
  'packages/access/src',
  'packages/channels/src',
  'packages/contracts/src/api',
  'packages/contracts/src/options',
  'packages/runtime/src',
  'packages/db/src',
  'packages/mail/src',
  'packages/pricing/src',
  'services/relay/src/channel-admin',
  'services/relay/src/channel-probe',
  'services/relay/src/grpc',
];

/** Codes the envelope handler itself answers with (faults, unknown routes). */
const ENVELOPE_CODES = ['internal', 'unavailable', 'route_not_found', 'malformed_http_request'];

/** Look-alikes that are no error codes: zod's issue kind (edge turns such issues into `invalid_input`). */
const NOT_CODES = new Set(['custom']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * The codes written in the sources: `code: 'x'` (error options), `?? 'x'` (an error class's
 * default), and the code argument of the local refusal helpers (`invalid(message, 'x'…)`).
 */
function codesInSources(): Set<string> {
  const codes = new Set<string>(ENVELOPE_CODES);
  const patterns = [
    /\bcode: '([a-z][a-z0-9_]*)'/g,
    /options\?\.code \?\? '([a-z][a-z0-9_]*)'/g,
    /\b(?:invalid|refused?)\([^;]*?,\s*'([a-z][a-z0-9_]*)'\s*[,)]/g,
  ];
  for (const file of SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) codes.add(match[1]!);
  }
  for (const code of NOT_CODES) codes.delete(code);
  return codes;
}

const catalogue = (language: string) =>
  JSON.parse(readFileSync(path.join(ROOT, `console/src/i18n/locales/${language}/apiMessages.json`), 'utf8')) as {
    codes: Record<string, string>;
    fields: Record<string, string>;
  };
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('the console words every code the server raises', () => {
  const codes = [...codesInSources()].sort();
  const en = catalogue('en');
  const zh = catalogue('zh');

  it('finds the codes (the scan itself works)', () => {
    expect(codes).toEqual(expect.arrayContaining(['wrong_credentials', 'insufficient_role', 'option_integer_between', 'input_too_large', 'invalid_request']));
    expect(codes.length).toBeGreaterThan(150);
  });

  it('has an English and a Chinese text for each, with the same placeholders', () => {
    const missing = codes.filter((code) => !en.codes[code] || !zh.codes[code]);
    expect(missing).toEqual([]);
    const mismatched = codes.filter((code) => placeholders(en.codes[code]!).join() !== placeholders(zh.codes[code]!).join());
    expect(mismatched).toEqual([]);
  });

  it('has the same field labels in both languages', () => {
    expect(Object.keys(en.fields).sort()).toEqual(Object.keys(zh.fields).sort());
  });
});
