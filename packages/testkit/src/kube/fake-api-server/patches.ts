/**
 * Patch application: JSON merge patch (RFC 7386) and JSON patch (RFC 6902, including `test`).
 * Strategic merge and server-side apply are approximated as merge patches (see the router).
 */
import { ApiError } from './api-errors';
import { cloneJson } from './types';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** RFC 7386: objects merge recursively, `null` deletes, everything else replaces. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return cloneJson(patch);
  const result: Record<string, unknown> = isPlainObject(target) ? cloneJson(target) : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}

/** One RFC 6902 operation. */
export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  from?: string;
  value?: unknown;
}

function patchFailure(message: string): ApiError {
  return new ApiError(422, 'Invalid', message);
}

function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw patchFailure(`invalid JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function resolveParent(document: Json, tokens: string[], pointer: string): { parent: Json; key: string } {
  let current: Json = document;
  for (const token of tokens.slice(0, -1)) {
    const next: Json | undefined = Array.isArray(current)
      ? current[Number(token)]
      : isPlainObject(current)
        ? (current as Record<string, Json>)[token]
        : undefined;
    if (next === undefined) throw patchFailure(`path ${pointer}: parent does not exist`);
    current = next;
  }
  return { parent: current, key: tokens[tokens.length - 1]! };
}

function readPointer(document: Json, pointer: string): Json | undefined {
  let current: Json | undefined = document;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(current)) current = current[Number(token)];
    else if (isPlainObject(current)) current = (current as Record<string, Json>)[token];
    else return undefined;
  }
  return current;
}

function removeAt(document: Json, pointer: string): Json {
  const tokens = parsePointer(pointer);
  const { parent, key } = resolveParent(document, tokens, pointer);
  if (Array.isArray(parent)) {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || index >= parent.length) throw patchFailure(`path ${pointer}: index out of range`);
    return parent.splice(index, 1)[0]!;
  }
  if (!isPlainObject(parent) || !(key in parent)) throw patchFailure(`path ${pointer}: unable to remove nonexistent key`);
  const removed = (parent as Record<string, Json>)[key]!;
  delete (parent as Record<string, Json>)[key];
  return removed;
}

function addAt(document: Json, pointer: string, value: Json, replace: boolean): Json {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return value;
  const { parent, key } = resolveParent(document, tokens, pointer);
  if (Array.isArray(parent)) {
    const index = key === '-' ? parent.length : Number(key);
    if (!Number.isInteger(index) || index < 0 || index > parent.length) throw patchFailure(`path ${pointer}: index out of range`);
    if (replace) {
      if (index >= parent.length) throw patchFailure(`path ${pointer}: index out of range`);
      parent[index] = value;
    } else {
      parent.splice(index, 0, value);
    }
  } else if (isPlainObject(parent)) {
    if (replace && !(key in parent)) throw patchFailure(`path ${pointer}: unable to replace nonexistent key`);
    (parent as Record<string, Json>)[key] = value;
  } else {
    throw patchFailure(`path ${pointer}: parent is not a container`);
  }
  return document;
}

/** Applies RFC 6902 operations in order; any failure (including a failed `test`) rejects the whole patch. */
export function applyJsonPatch(target: unknown, operations: unknown): unknown {
  if (!Array.isArray(operations)) throw new ApiError(400, 'BadRequest', 'a JSON patch must be an array of operations');
  let document = cloneJson(target) as Json;
  for (const raw of operations as JsonPatchOperation[]) {
    const value = cloneJson(raw.value) as Json;
    switch (raw.op) {
      case 'add':
        document = addAt(document, raw.path, value, false);
        break;
      case 'replace':
        document = addAt(document, raw.path, value, true);
        break;
      case 'remove':
        removeAt(document, raw.path);
        break;
      case 'move': {
        const moved = removeAt(document, raw.from ?? '');
        document = addAt(document, raw.path, moved, false);
        break;
      }
      case 'copy': {
        const copied = readPointer(document, raw.from ?? '');
        if (copied === undefined) throw patchFailure(`path ${raw.from}: nothing to copy`);
        document = addAt(document, raw.path, cloneJson(copied), false);
        break;
      }
      case 'test': {
        const actual = readPointer(document, raw.path);
        if (JSON.stringify(actual) !== JSON.stringify(value)) {
          throw patchFailure(`the server rejected our request due to an error in our request: testing value ${raw.path} failed`);
        }
        break;
      }
      default:
        throw new ApiError(400, 'BadRequest', `unknown JSON patch operation: ${String((raw as { op?: unknown }).op)}`);
    }
  }
  return document;
}
