import { MJ_SUBMIT_PATHS, type MjSubmitAction } from './mj-actions';
import type { TaskProtocolName } from './task-errors';

/** What a task path and method resolve to. */
export type TaskRoute =
  | { readonly kind: 'mj-submit'; readonly action: MjSubmitAction; readonly suffix: string }
  | { readonly kind: 'mj-fetch'; readonly id: string }
  | { readonly kind: 'mj-list' }
  | { readonly kind: 'mj-image-seed'; readonly id: string }
  | { readonly kind: 'mj-notify' }
  | { readonly kind: 'mj-image'; readonly id: string }
  | { readonly kind: 'suno-submit'; readonly action: 'MUSIC' | 'LYRICS' }
  | { readonly kind: 'suno-fetch' }
  | { readonly kind: 'suno-fetch-one'; readonly id: string }
  | { readonly kind: 'not-found' };

/** `/mj/…`, and the mode prefixes `/mj-fast/mj/…`, `/mj-relax/mj/…`, `/mj-turbo/mj/…`. */
const MJ_PATH = /^\/(?:mj-(?:fast|relax|turbo)\/)?mj(\/.*)?$/;
const SUNO_PATH = /^\/suno(\/.*)?$/;
const ID = '([^/]{1,128})';

function decode(segment: string): string | undefined {
  try {
    const value = decodeURIComponent(segment);
    return value.trim() === '' ? undefined : value;
  } catch {
    return undefined;
  }
}

/** The task protocol of a path, or undefined when it is no task path. */
export function taskProtocolOf(pathname: string): TaskProtocolName | undefined {
  if (MJ_PATH.test(pathname)) return 'midjourney';
  if (SUNO_PATH.test(pathname)) return 'suno';
  return undefined;
}

function withId(kind: 'mj-fetch' | 'mj-image-seed' | 'mj-image' | 'suno-fetch-one', raw: string): TaskRoute {
  const id = decode(raw);
  return id === undefined ? { kind: 'not-found' } : { kind, id };
}

/** Resolves a task path (a mode prefix is dropped: the upstream's default mode applies). */
export function matchTaskRoute(method: string, rawPathname: string): TaskRoute {
  const pathname = rawPathname.length > 1 && rawPathname.endsWith('/') ? rawPathname.slice(0, -1) : rawPathname;
  const mj = MJ_PATH.exec(pathname);
  if (mj) {
    const rest = mj[1] ?? '';
    const submit = MJ_SUBMIT_PATHS.get(rest);
    if (submit) return method === 'POST' ? { kind: 'mj-submit', action: submit, suffix: rest } : { kind: 'not-found' };
    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = new RegExp(`^/task/${ID}/fetch$`).exec(rest))) return withId('mj-fetch', match[1]!);
    if (method === 'GET' && (match = new RegExp(`^/task/${ID}/image-seed$`).exec(rest))) return withId('mj-image-seed', match[1]!);
    if (method === 'GET' && (match = new RegExp(`^/image/${ID}$`).exec(rest))) return withId('mj-image', match[1]!);
    if (method === 'POST' && rest === '/task/list-by-condition') return { kind: 'mj-list' };
    if (method === 'POST' && rest === '/notify') return { kind: 'mj-notify' };
    return { kind: 'not-found' };
  }
  const suno = SUNO_PATH.exec(pathname);
  if (suno) {
    const rest = suno[1] ?? '';
    const submit = /^\/submit\/(music|lyrics)$/i.exec(rest);
    if (submit && method === 'POST') return { kind: 'suno-submit', action: submit[1]!.toUpperCase() as 'MUSIC' | 'LYRICS' };
    if (method === 'POST' && rest === '/fetch') return { kind: 'suno-fetch' };
    const one = new RegExp(`^/fetch/${ID}$`).exec(rest);
    if (one && method === 'GET') return withId('suno-fetch-one', one[1]!);
  }
  return { kind: 'not-found' };
}
