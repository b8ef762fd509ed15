/**
 * Gemini's schemas as JSON Schema. Function parameters and response schemas come either as JSON
 * Schema (`parametersJsonSchema`, `responseJsonSchema`: sent as they are) or in Gemini's OpenAPI
 * 3.0 subset (`parameters`, `responseSchema`), whose types are upper-case words (`"OBJECT"`),
 * whose `nullable: true` JSON Schema writes as a `"null"` type, and which carries fields JSON
 * Schema has no use for (`propertyOrdering`, `example`).
 */

type Schema = Record<string, unknown>;

/** OpenAPI fields that have no JSON Schema meaning other vendors accept. */
const DROPPED: ReadonlySet<string> = new Set(['nullable', 'propertyOrdering', 'example']);

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A Gemini OpenAPI-subset schema as JSON Schema (types lower-cased, `nullable` as a `"null"` type). */
export function jsonSchemaOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchemaOf);
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    switch (key) {
      case 'type':
        out['type'] = typeof value === 'string' ? value.toLowerCase() : value;
        break;
      case 'properties':
      case 'definitions':
      case '$defs':
        out[key] = isObject(value) ? Object.fromEntries(Object.entries(value).map(([name, child]) => [name, jsonSchemaOf(child)])) : value;
        break;
      case 'items':
      case 'anyOf':
      case 'oneOf':
      case 'allOf':
      case 'not':
      case 'additionalProperties':
        out[key] = jsonSchemaOf(value);
        break;
      default:
        out[key] = value;
    }
  }
  if (schema['nullable'] === true && typeof out['type'] === 'string') out['type'] = [out['type'], 'null'];
  return out;
}

/** A schema a function takes: its JSON Schema, else its OpenAPI schema converted, else an empty object. */
export function parametersOf(declaration: { parameters?: unknown; parametersJsonSchema?: unknown }): unknown {
  if (declaration.parametersJsonSchema !== undefined) return declaration.parametersJsonSchema;
  if (declaration.parameters !== undefined) return jsonSchemaOf(declaration.parameters);
  return { type: 'object', properties: {} };
}
