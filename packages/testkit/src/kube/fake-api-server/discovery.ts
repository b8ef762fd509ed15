/**
 * Discovery documents (legacy, unaggregated): `/version`, `/api`, `/api/v1`, `/apis`,
 * `/apis/<group>`, `/apis/<group>/<version>`. kubectl asks for aggregated discovery first and falls
 * back to these when the answer is plain `application/json`.
 */
import { openApiDocument } from './openapi';
import type { ResourceRegistry } from './resource-registry';
import type { KubeObject, ResourceDefinition } from './types';

/** The version the fake claims to be (kubectl warns when the skew is large). */
export const fakeServerVersion = { major: '1', minor: '32', gitVersion: 'v1.32.0-modelgate-fake', platform: 'linux/amd64' };

function apiResource(definition: ResourceDefinition): KubeObject[] {
  const resources: KubeObject[] = [
    {
      name: definition.plural,
      singularName: definition.singular,
      namespaced: definition.namespaced,
      kind: definition.kind,
      verbs: definition.verbs,
      ...(definition.shortNames.length ? { shortNames: definition.shortNames } : {}),
      ...(definition.categories.length ? { categories: definition.categories } : {}),
    },
  ];
  if (definition.statusSubresource) {
    resources.push({ name: `${definition.plural}/status`, singularName: '', namespaced: definition.namespaced, kind: definition.kind, verbs: ['get', 'patch', 'update'] });
  }
  return resources;
}

function groupDocument(group: string, versions: string[]): KubeObject {
  const entries = versions.map((version) => ({ groupVersion: `${group}/${version}`, version }));
  return { name: group, versions: entries, preferredVersion: entries[0] };
}

/**
 * The discovery document for a path, or undefined when the path is not a discovery path.
 * `groupVersionMissing` is returned as null so the caller answers 404.
 */
export function discoveryDocument(registry: ResourceRegistry, path: string): KubeObject | null | undefined {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '/version') return { ...fakeServerVersion, goVersion: 'go1.23', compiler: 'gc', buildDate: '2025-01-01T00:00:00Z', gitCommit: 'fake', gitTreeState: 'clean' };
  if (trimmed.startsWith('/openapi/v3')) return openApiDocument(registry, trimmed) ?? null;
  if (trimmed === '/api') return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] };
  if (trimmed === '/apis') {
    return { kind: 'APIGroupList', apiVersion: 'v1', groups: [...registry.groups()].map(([group, versions]) => groupDocument(group, versions)) };
  }
  if (trimmed === '/api/v1') {
    return { kind: 'APIResourceList', groupVersion: 'v1', resources: registry.inGroupVersion('', 'v1').flatMap(apiResource) };
  }
  const groupMatch = /^\/apis\/([^/]+)$/.exec(trimmed);
  if (groupMatch) {
    const versions = registry.groups().get(groupMatch[1]!);
    return versions ? { kind: 'APIGroup', apiVersion: 'v1', ...groupDocument(groupMatch[1]!, versions) } : null;
  }
  const versionMatch = /^\/apis\/([^/]+)\/([^/]+)$/.exec(trimmed);
  if (versionMatch) {
    const definitions = registry.inGroupVersion(versionMatch[1]!, versionMatch[2]!);
    if (definitions.length === 0) return null;
    return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: `${versionMatch[1]}/${versionMatch[2]}`, resources: definitions.flatMap(apiResource) };
  }
  return undefined;
}
