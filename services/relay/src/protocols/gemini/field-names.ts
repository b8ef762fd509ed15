/**
 * The Gemini API reads its JSON the protobuf way: a field may be named in lowerCamelCase (its JSON
 * name, `systemInstruction`, `inlineData`) or as in the proto (`system_instruction`, `inline_data`),
 * and Google's own examples use both; a field set to `null` is a field left out. The relay
 * validates and translators read one form, so a body's proto names are renamed to JSON names and
 * its null fields dropped once, at the edge; the client's bytes stay as sent.
 */

/**
 * Fields whose value is the caller's own data, not a message of the API: their keys are names the
 * caller chose (function arguments, JSON Schemas, labels) and are left as they are.
 */
const FREE_FORM: ReadonlySet<string> = new Set([
  'args',
  'response',
  'parameters',
  'parametersJsonSchema',
  'responseSchema',
  'responseJsonSchema',
  'labels',
  'partMetadata',
  'structValue',
]);

const UNDERSCORE = 0x5f;

function camel(name: string): string {
  return name.includes('_') ? name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase()) : name;
}

function rename(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const renamed = rename(item);
      if (renamed !== item) (copy ??= [...value])[index] = renamed;
    });
    return copy ?? value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const object = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  const keys = Object.keys(object);
  for (const key of keys) {
    const name = camel(key);
    const item = object[key];
    const renamed = FREE_FORM.has(name) ? item : rename(item);
    if (name !== key || renamed !== item || item === null) {
      copy ??= {};
      break;
    }
  }
  if (!copy) return object;
  // Rebuilt in the original key order; a JSON name given beside its proto name wins.
  for (const key of keys) {
    const name = camel(key);
    if (object[key] === null || (name !== key && Object.hasOwn(object, name))) continue;
    copy[name] = FREE_FORM.has(name) ? object[key] : rename(object[key]);
  }
  return copy;
}

const NULL = Buffer.from('null');

/**
 * The body with every proto field name renamed to its JSON name and every null field dropped (the
 * body itself when there is nothing to do, as in a body without a single `_` and no `null`).
 */
export function withJsonFieldNames<T>(json: T, body?: Uint8Array): T {
  if (body !== undefined && body.indexOf(UNDERSCORE) < 0 && Buffer.from(body.buffer, body.byteOffset, body.byteLength).indexOf(NULL) < 0) return json;
  return rename(json) as T;
}
