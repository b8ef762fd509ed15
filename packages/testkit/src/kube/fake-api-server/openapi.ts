/**
 * Minimal OpenAPI v3 documents (`/openapi/v3` and `/openapi/v3/<api|apis/group>/<version>`).
 * kubectl `apply` refuses to run without OpenAPI unless `--validate=false` is given. With these
 * documents it finds, per kind, a PATCH operation that accepts `fieldValidation` (so it leaves
 * validation to the server) and the kind's schema (so it can compute the apply patch).
 */
import type { ResourceRegistry } from './resource-registry';
import { apiVersionOf, type ResourceDefinition } from './types';

function groupVersionPath(group: string, version: string): string {
  return group ? `apis/${group}/${version}` : `api/${version}`;
}

function schemaName(definition: ResourceDefinition): string {
  const reversedGroup = definition.group ? definition.group.split('.').reverse().join('.') : 'io.k8s.api.core';
  return `${reversedGroup}.${definition.version}.${definition.kind}`;
}

function gvk(definition: ResourceDefinition) {
  return { group: definition.group, version: definition.version, kind: definition.kind };
}

function objectSchema(definition: ResourceDefinition): Record<string, unknown> {
  const base = definition.schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  const properties = { ...((base.properties as Record<string, unknown> | undefined) ?? {}) };
  properties.apiVersion = { type: 'string' };
  properties.kind = { type: 'string' };
  properties.metadata = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  return { ...base, type: 'object', properties, 'x-kubernetes-group-version-kind': [gvk(definition)] };
}

function itemPath(definition: ResourceDefinition): string {
  const prefix = `/${groupVersionPath(definition.group, definition.version)}`;
  return definition.namespaced ? `${prefix}/namespaces/{namespace}/${definition.plural}/{name}` : `${prefix}/${definition.plural}/{name}`;
}

/** The OpenAPI document for a path under `/openapi/v3`, or undefined when there is none. */
export function openApiDocument(registry: ResourceRegistry, path: string): Record<string, unknown> | undefined {
  const trimmed = path.replace(/\/+$/, '');
  const definitions = registry.all();
  if (trimmed === '/openapi/v3') {
    const paths: Record<string, { serverRelativeURL: string }> = {};
    for (const definition of definitions) {
      const groupVersion = groupVersionPath(definition.group, definition.version);
      paths[groupVersion] = { serverRelativeURL: `/openapi/v3/${groupVersion}` };
    }
    return { paths };
  }
  const match = /^\/openapi\/v3\/(api\/[^/]+|apis\/[^/]+\/[^/]+)$/.exec(trimmed);
  if (!match) return undefined;
  const served = definitions.filter((definition) => groupVersionPath(definition.group, definition.version) === match[1]);
  if (served.length === 0) return undefined;
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (const definition of served) {
    const reference = { $ref: `#/components/schemas/${schemaName(definition)}` };
    const content = { 'application/json': { schema: reference } };
    const operation = (action: string) => ({
      'x-kubernetes-action': action,
      'x-kubernetes-group-version-kind': gvk(definition),
      parameters: [
        { name: 'fieldValidation', in: 'query', schema: { type: 'string', uniqueItems: true } },
        { name: 'dryRun', in: 'query', schema: { type: 'string', uniqueItems: true } },
        { name: 'fieldManager', in: 'query', schema: { type: 'string', uniqueItems: true } },
      ],
      responses: { '200': { description: 'OK', content } },
    });
    paths[itemPath(definition)] = { get: operation('get'), put: operation('put'), patch: operation('patch'), delete: operation('delete') };
    schemas[schemaName(definition)] = objectSchema(definition);
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: 'v1.32.0' },
    paths,
    components: { schemas },
    'x-served-by': `fake ${served.map(apiVersionOf).join(',')}`,
  };
}
