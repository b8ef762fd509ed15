/**
 * Label and field selectors as the API server parses them from `labelSelector` / `fieldSelector`.
 * Labels: `a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x,y)`, `a`, `!a`.
 * Fields: `path=value`, `path==value`, `path!=value` on any dotted path (`metadata.name`,
 * `metadata.namespace`, `type` for Secrets, …).
 */
import { badRequest } from './api-errors';
import type { KubeObject } from './types';

/** A compiled selector: true when the object matches. */
export type ObjectPredicate = (object: KubeObject) => boolean;

const matchEverything: ObjectPredicate = () => true;

/** Splits on commas that are not inside parentheses. */
function splitRequirements(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of selector) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

function compileLabelRequirement(requirement: string): (labels: Record<string, string>) => boolean {
  const setMatch = /^([^\s!=]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(requirement);
  if (setMatch) {
    const [, key, operator, rawValues] = setMatch as unknown as [string, string, string, string];
    const values = new Set(rawValues.split(',').map((value) => value.trim()));
    return operator === 'in'
      ? (labels) => key in labels && values.has(labels[key]!)
      : (labels) => !(key in labels) || !values.has(labels[key]!);
  }
  const comparison = /^([^\s!=]+)\s*(==|=|!=)\s*([^\s]*)$/.exec(requirement);
  if (comparison) {
    const [, key, operator, value] = comparison as unknown as [string, string, string, string];
    return operator === '!=' ? (labels) => labels[key] !== value : (labels) => labels[key] === value;
  }
  const absent = /^!\s*([^\s!=]+)$/.exec(requirement);
  if (absent) return (labels) => !(absent[1]! in labels);
  if (/^[^\s!=(),]+$/.test(requirement)) return (labels) => requirement in labels;
  throw badRequest(`unable to parse requirement: ${requirement}`);
}

/** Compiles a `labelSelector` query value (empty or missing selects everything). */
export function compileLabelSelector(selector: string | null | undefined): ObjectPredicate {
  if (!selector) return matchEverything;
  const requirements = splitRequirements(selector).map(compileLabelRequirement);
  return (object) => {
    const labels = object.metadata?.labels ?? {};
    return requirements.every((requirement) => requirement(labels));
  };
}

function readDottedPath(object: KubeObject, path: string): string | undefined {
  let current: unknown = object;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  if (current === undefined || current === null) return undefined;
  return typeof current === 'object' ? JSON.stringify(current) : String(current);
}

/** Compiles a `fieldSelector` query value (empty or missing selects everything). */
export function compileFieldSelector(selector: string | null | undefined): ObjectPredicate {
  if (!selector) return matchEverything;
  const requirements = splitRequirements(selector).map((requirement) => {
    const match = /^([A-Za-z0-9_.]+)\s*(==|=|!=)\s*(.*)$/.exec(requirement);
    if (!match) throw badRequest(`invalid field selector: ${requirement}`);
    const [, path, operator, value] = match as unknown as [string, string, string, string];
    const read = (object: KubeObject): string => readDottedPath(object, path) ?? '';
    return operator === '!=' ? (object: KubeObject) => read(object) !== value : (object: KubeObject) => read(object) === value;
  });
  return (object) => requirements.every((requirement) => requirement(object));
}

/** Both selectors of a request combined. */
export function compileSelectors(query: URLSearchParams): ObjectPredicate {
  const labels = compileLabelSelector(query.get('labelSelector'));
  const fields = compileFieldSelector(query.get('fieldSelector'));
  return (object) => labels(object) && fields(object);
}
