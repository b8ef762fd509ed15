/**
 * URL → request target: which group/version/resource, namespace, name and subresource a request
 * addresses, and its Kubernetes verb (GET on a collection is `list`, or `watch` with `watch=true`).
 */
import type { RequestTarget } from './request-log';
import type { ResourceRegistry } from './resource-registry';
import type { KubeVerb, ResourceDefinition } from './types';

/** A parsed request; `definition` is set when it addresses a served resource. */
export interface RoutedRequest extends RequestTarget {
  definition?: ResourceDefinition;
}

function isWatch(query: URLSearchParams): boolean {
  const value = query.get('watch');
  return value === 'true' || value === '1';
}

function verbFor(method: string, hasName: boolean, query: URLSearchParams): KubeVerb {
  switch (method) {
    case 'GET':
      if (isWatch(query)) return 'watch';
      return hasName ? 'get' : 'list';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return hasName ? 'delete' : 'deletecollection';
    default:
      return 'get';
  }
}

/** Splits `/api/v1/...` and `/apis/<group>/<version>/...` paths into group, version and the rest. */
function splitApiPath(path: string): { group: string; version: string; rest: string[] } | undefined {
  const segments = path.split('/').filter((segment) => segment.length > 0).map(decodeURIComponent);
  if (segments[0] === 'api' && segments.length >= 3) return { group: '', version: segments[1]!, rest: segments.slice(2) };
  if (segments[0] === 'apis' && segments.length >= 4) return { group: segments[1]!, version: segments[2]!, rest: segments.slice(3) };
  return undefined;
}

/** Parses a request; non-resource paths come back with verb `discovery` and no definition. */
export function routeRequest(method: string, rawUrl: string, registry: ResourceRegistry): RoutedRequest {
  const url = new URL(rawUrl, 'http://fake.invalid');
  const query = Object.fromEntries(url.searchParams.entries());
  const base = { method, path: url.pathname, query };
  const api = splitApiPath(url.pathname);
  if (!api) return { ...base, verb: 'discovery' };

  const { group, version, rest } = api;
  let namespace: string | undefined;
  let resourceSegments = rest;
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    const candidate = registry.find(group, version, rest[2]!);
    if (candidate?.namespaced) {
      namespace = rest[1];
      resourceSegments = rest.slice(2);
    }
  }
  const [resource, name, subresource] = resourceSegments as [string, string | undefined, string | undefined];
  const definition = registry.find(group, version, resource);
  const target: RoutedRequest = {
    ...base,
    verb: verbFor(method, name !== undefined, url.searchParams),
    group,
    version,
    resource,
    ...(namespace !== undefined ? { namespace } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(subresource !== undefined ? { subresource } : {}),
    ...(definition ? { definition } : {}),
  };
  return target;
}
