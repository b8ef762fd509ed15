import { readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { CRD_FILE, type K8sObject } from './helm';

/** The Channel CRD as written in the CRD chart (plain YAML, read without helm). */
export function loadCrd(): K8sObject {
  return parse(readFileSync(CRD_FILE, 'utf8')) as K8sObject;
}

/** The served v1alpha1 version of the CRD. */
export function crdVersion(crd: K8sObject = loadCrd()): K8sObject {
  const version = (crd.spec.versions as K8sObject[]).find((v) => v.name === 'v1alpha1');
  if (!version) throw new Error('the CRD has no v1alpha1 version');
  return version;
}

/**
 * A validator for whole Channel objects against the CRD's openAPIV3Schema, applying the schema's
 * defaults the way the API server does. The Kubernetes extensions are accepted as annotations; the
 * CEL rules are not evaluated here (they are checked for shape in crd.test.ts).
 */
export function channelValidator(crd: K8sObject = loadCrd()): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true });
  for (const keyword of [
    'x-kubernetes-validations',
    'x-kubernetes-list-type',
    'x-kubernetes-list-map-keys',
    'x-kubernetes-preserve-unknown-fields',
  ]) {
    ajv.addKeyword(keyword);
  }
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value));
  return ajv.compile(crdVersion(crd).schema.openAPIV3Schema);
}

/** Every JSON path of properties the schema declares, e.g. `.spec.type`, `.status.gateway.state`. */
export function schemaPaths(schema: K8sObject, prefix = ''): Set<string> {
  const paths = new Set<string>();
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, K8sObject>)) {
    const here = `${prefix}.${name}`;
    paths.add(here);
    const nested = child.type === 'array' ? child.items ?? {} : child;
    for (const path of schemaPaths(nested, here)) paths.add(path);
  }
  return paths;
}

/** One x-kubernetes-validations rule, the JSON path of the schema node holding it, and that node. */
export interface CelRule {
  at: string;
  node: K8sObject;
  rule: string;
  message: string | undefined;
}

/** Every x-kubernetes-validations rule of the schema, depth first. */
export function celRules(schema: K8sObject, at = ''): CelRule[] {
  const rules: CelRule[] = ((schema['x-kubernetes-validations'] ?? []) as K8sObject[]).map((entry) => ({
    at,
    node: schema,
    rule: entry.rule as string,
    message: entry.message as string | undefined,
  }));
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, K8sObject>)) {
    rules.push(...celRules(child, `${at}.${name}`));
  }
  return rules;
}
