/**
 * The subset of Kubernetes JSONPath used by printer columns: `.a.b`, `['a.b']`, `[0]`, `[*]` and
 * filters `[?(@.type=="Ready")]` (with `==` or `!=` against a string or number literal).
 */

type Step =
  | { kind: 'field'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'wildcard' }
  | { kind: 'filter'; path: string[]; operator: '==' | '!='; literal: string | number };

function parseFilter(expression: string): Step {
  const match = /^\?\(@((?:\.[A-Za-z0-9_-]+)+)\s*(==|!=)\s*(?:"([^"]*)"|'([^']*)'|(-?[0-9.]+))\)$/.exec(expression);
  if (!match) throw new Error(`unsupported JSONPath filter: [${expression}]`);
  const literal = match[3] ?? match[4] ?? Number(match[5]);
  return { kind: 'filter', path: match[1]!.slice(1).split('.'), operator: match[2] as '==' | '!=', literal };
}

/** Parses a printer-column JSONPath such as `.status.conditions[?(@.type=="Ready")].status`. */
export function parseJsonPath(expression: string): Step[] {
  let source = expression.trim();
  if (source.startsWith('{') && source.endsWith('}')) source = source.slice(1, -1);
  if (source.startsWith('$')) source = source.slice(1);
  const steps: Step[] = [];
  let position = 0;
  while (position < source.length) {
    const char = source[position];
    if (char === '.') {
      const match = /^\.([A-Za-z0-9_-]+)/.exec(source.slice(position));
      if (!match) throw new Error(`invalid JSONPath at ${position}: ${expression}`);
      steps.push({ kind: 'field', name: match[1]! });
      position += match[0].length;
    } else if (char === '[') {
      const close = source.indexOf(']', source[position + 1] === '?' ? source.indexOf(')', position) : position);
      if (close < 0) throw new Error(`unclosed [ in JSONPath: ${expression}`);
      const inner = source.slice(position + 1, close).trim();
      if (inner === '*') steps.push({ kind: 'wildcard' });
      else if (/^-?\d+$/.test(inner)) steps.push({ kind: 'index', index: Number(inner) });
      else if (/^'.*'$|^".*"$/.test(inner)) steps.push({ kind: 'field', name: inner.slice(1, -1).replace(/\\\./g, '.') });
      else if (inner.startsWith('?')) steps.push(parseFilter(inner));
      else throw new Error(`unsupported JSONPath selector [${inner}] in ${expression}`);
      position = close + 1;
    } else {
      throw new Error(`invalid JSONPath at ${position}: ${expression}`);
    }
  }
  return steps;
}

function readPath(value: unknown, path: string[]): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Every value the path selects (empty when nothing matches). */
export function evaluateJsonPath(document: unknown, expression: string): unknown[] {
  let current: unknown[] = [document];
  for (const step of parseJsonPath(expression)) {
    const next: unknown[] = [];
    for (const value of current) {
      if (step.kind === 'field') {
        if (value !== null && typeof value === 'object' && !Array.isArray(value) && step.name in value) {
          next.push((value as Record<string, unknown>)[step.name]);
        }
      } else if (step.kind === 'index') {
        if (Array.isArray(value)) {
          const item = value[step.index < 0 ? value.length + step.index : step.index];
          if (item !== undefined) next.push(item);
        }
      } else if (step.kind === 'wildcard') {
        if (Array.isArray(value)) next.push(...value);
        else if (value !== null && typeof value === 'object') next.push(...Object.values(value));
      } else if (Array.isArray(value)) {
        for (const item of value) {
          const actual = readPath(item, step.path);
          const equal = actual === step.literal || (actual !== undefined && String(actual) === String(step.literal));
          if (step.operator === '==' ? equal : !equal) next.push(item);
        }
      }
    }
    current = next;
  }
  return current;
}
