// A deterministic value that satisfies a (simple) JSON schema, for answers that must follow the
// structured output format a request asks for: the first `enum`/`const` value, "fake" strings,
// 1 for numbers, true for booleans, one item per array, every property of an object.
type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;

/** A sample value of `schema` (`$ref`s to `#/$defs/…` and `#/definitions/…` are followed). */
export function sampleOf(schema: unknown, root: unknown = schema, depth = 0): unknown {
  if (schema === null || typeof schema !== 'object' || depth > MAX_DEPTH) return null;
  const s = schema as Schema;
  if (typeof s.$ref === 'string') return sampleOf(resolveRef(root, s.$ref), root, depth + 1);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const variants = (s.anyOf ?? s.oneOf) as unknown;
  if (Array.isArray(variants) && variants.length > 0) return sampleOf(variants[0], root, depth + 1);
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'null') : s.type;
  switch (type) {
    case 'string':
      return 'fake';
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 1;
      return Array.from({ length: Math.max(1, min) }, () => sampleOf(s.items, root, depth + 1));
    }
    default: {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const value: Record<string, unknown> = {};
      for (const name of Object.keys(properties)) value[name] = sampleOf(properties[name], root, depth + 1);
      return value;
    }
  }
}

function resolveRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}
