/**
 * Saved chat links (status `chats`, spec §3 Option "Chats"): an array whose every item maps one
 * display name to a URL template. In a template `{key}` stands for the token (`sk-<key>`) and
 * `{address}` for the server address (URL-encoded, since templates put it in a query string).
 * The token table, `/chat/{id}` and `/chat2link` all build their links here.
 */

/** One usable chat link. */
export interface ChatEntry {
  name: string;
  template: string;
}

/** Why no link could be built: no links saved, a link that is not a name→URL pair, or no token. */
export type ChatLinkProblem = 'missing' | 'invalid';

/** The chat entries of a status `chats` value, or 'invalid' when it is not the expected shape. */
export function readChatEntries(chats: unknown): ChatEntry[] | 'invalid' {
  if (chats === null || chats === undefined) return [];
  if (!Array.isArray(chats)) return 'invalid';
  const entries: ChatEntry[] = [];
  for (const item of chats) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return 'invalid';
    const pairs = Object.entries(item as Record<string, unknown>);
    if (pairs.length !== 1) return 'invalid';
    const [name, template] = pairs[0];
    if (typeof template !== 'string' || template.trim() === '') return 'invalid';
    entries.push({ name, template });
  }
  return entries;
}

/**
 * The name the menu shows for one saved item: its first key when it is an object, else its
 * position (the server sends the stored array as it is, so an item may be anything).
 */
export function chatLinkName(item: unknown, index: number): string {
  const name = item !== null && typeof item === 'object' ? Object.keys(item)[0] : undefined;
  return name ?? String(index);
}

/** The entry at `index`, or the problem that prevents using it. */
export function chatEntryAt(chats: unknown, index: number): ChatEntry | ChatLinkProblem {
  const entries = readChatEntries(chats);
  if (entries === 'invalid') return 'invalid';
  if (!Number.isInteger(index) || index < 0 || index >= entries.length) return 'missing';
  return entries[index];
}

/** Whether a template needs a token. */
export function needsKey(template: string): boolean {
  return template.includes('{key}');
}

/** The token as users paste it: `sk-` and the stored key. */
export function fullKey(key: string): string {
  return key.startsWith('sk-') ? key : `sk-${key}`;
}

/**
 * The link of a template: every `{key}` becomes `sk-<key>`, every `{address}` the URL-encoded
 * server address (the page's own origin when the admin set none; trailing slashes dropped).
 */
export function buildChatUrl(template: string, key: string, serverAddress: string, origin: string): string {
  const address = (serverAddress.trim() || origin).replace(/\/+$/, '');
  return template.split('{key}').join(fullKey(key)).split('{address}').join(encodeURIComponent(address));
}

/** The token status that may be used to chat (spec §4: 1 enabled). */
export const ENABLED_TOKEN_STATUS = 1;

/** The first enabled token of a list, if any. */
export function firstEnabledToken<T extends { status: number }>(tokens: readonly T[]): T | undefined {
  return tokens.find((token) => token.status === ENABLED_TOKEN_STATUS);
}
