import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { K8sObject } from './helm';

/** The built-in API versions whose kinds have a schema in kubernetes-models. */
const BUILTIN_API_VERSIONS = new Set([
  'v1',
  'apps/v1',
  'batch/v1',
  'policy/v1',
  'autoscaling/v2',
  'networking.k8s.io/v1',
  'rbac.authorization.k8s.io/v1',
]);

const VALIDATOR = path.join(__dirname, 'validate-builtins.mjs');

/** Whether the object's kind is a built-in one that {@link validateBuiltins} checks. */
export function isBuiltin(obj: K8sObject): boolean {
  return BUILTIN_API_VERSIONS.has(obj.apiVersion);
}

/**
 * Validates built-in objects against the Kubernetes OpenAPI schemas of their kinds (the
 * kubernetes-models package, run in a plain Node process since it is ESM-only). Returns each
 * object's id with its violations, empty when it is valid.
 */
export function validateBuiltins(objects: readonly K8sObject[]): Array<[id: string, problems: string[]]> {
  const output = execFileSync(process.execPath, [VALIDATOR], { input: JSON.stringify(objects), encoding: 'utf8' });
  return JSON.parse(output) as Array<[string, string[]]>;
}
