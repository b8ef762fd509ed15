/**
 * Validation of custom resources against their CRD version's `openAPIV3Schema` with ajv, applying
 * schema `default`s as the real server does. Failures become 422 `Invalid` with one cause per
 * problem, worded like the API server's field errors (`spec.x: Required value`, …).
 * Not covered: CEL `x-kubernetes-validations`, pruning of unknown fields, int-or-string.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { invalid, type StatusCause } from './api-errors';
import type { KubeObject, ResourceDefinition } from './types';

const ajv = new Ajv({ strict: false, allErrors: true, useDefaults: true, validateFormats: false, coerceTypes: false });
const compiled = new WeakMap<ResourceDefinition, ValidateFunction>();

/** Kubernetes schema keywords ajv should not interpret. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-kubernetes-')) continue;
    result[key] = key === 'default' || key === 'enum' || key === 'example' ? value : toJsonSchema(value);
  }
  // `metadata` is validated by the server itself, never by the CRD schema.
  if (result.properties && typeof result.properties === 'object' && 'metadata' in (result.properties as object)) {
    result.properties = { ...(result.properties as object), metadata: { type: 'object' } };
  }
  return result;
}

function validatorFor(definition: ResourceDefinition): ValidateFunction | undefined {
  if (!definition.schema) return undefined;
  let validate = compiled.get(definition);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(definition.schema) as object);
    compiled.set(definition, validate);
  }
  return validate;
}

function fieldPath(error: ErrorObject): string {
  const base = error.instancePath.split('/').slice(1).map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`)).join('').replace(/^\./, '');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return base ? `${base}.${missing}` : missing;
  }
  return base;
}

function describe(error: ErrorObject, value: unknown, field: string): StatusCause {
  switch (error.keyword) {
    case 'required':
      return { reason: 'FieldValueRequired', field, message: 'Required value' };
    case 'enum': {
      const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map((item) => JSON.stringify(item)).join(', ');
      return { reason: 'FieldValueNotSupported', field, message: `Unsupported value: ${JSON.stringify(value)}: supported values: ${allowed}` };
    }
    case 'type':
      return { reason: 'FieldValueTypeInvalid', field, message: `Invalid value: "${typeof value}": ${field} in body must be of type ${(error.params as { type: string }).type}: ${JSON.stringify(value)}` };
    default:
      return { reason: 'FieldValueInvalid', field, message: `Invalid value: ${JSON.stringify(value)}: ${field} in body ${error.message ?? 'is invalid'}` };
  }
}

function valueAt(object: unknown, instancePath: string): unknown {
  let current = object;
  for (const segment of instancePath.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * Applies defaults to `object` in place and validates it.
 * @throws ApiError 422 Invalid when the object breaks the schema
 */
export function validateAgainstSchema(definition: ResourceDefinition, object: KubeObject): void {
  const validate = validatorFor(definition);
  if (!validate) return;
  const valid = validate(object as unknown);
  if (valid) return;
  const causes = (validate.errors ?? []).map((error) => describe(error, valueAt(object, error.instancePath), fieldPath(error)));
  throw invalid(definition, object.metadata?.name ?? '', causes);
}
