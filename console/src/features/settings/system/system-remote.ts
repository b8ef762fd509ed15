import { isHttpUrl } from './system-fields';

/**
 * The two calls the settings make outside the server (spec §7): the OIDC provider's discovery
 * document and the public latest-release listing. Both are plain browser fetches.
 */

/** Where the update check reads the latest published release. */
export const LATEST_RELEASE_URL = 'https://api.github.com/repos/modelgate/modelgate/releases/latest';

export interface OidcEndpoints {
  authorization: string;
  token: string;
  userInfo: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Reads the three endpoints from an OIDC well-known URL. Rejects when the URL is not http(s),
 * the fetch fails, or the document is not JSON naming at least the authorization endpoint.
 */
export async function discoverOidc(wellKnownUrl: string): Promise<OidcEndpoints> {
  if (!isHttpUrl(wellKnownUrl)) throw new Error('not an http(s) URL');
  const response = await fetch(wellKnownUrl.trim(), { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const document = (await response.json()) as Record<string, unknown>;
  const endpoints = {
    authorization: text(document.authorization_endpoint),
    token: text(document.token_endpoint),
    userInfo: text(document.userinfo_endpoint),
  };
  if (endpoints.authorization === '') throw new Error('no authorization_endpoint');
  return endpoints;
}

export interface Release {
  tag: string;
  notes: string;
  url: string;
}

export async function fetchLatestRelease(url: string = LATEST_RELEASE_URL): Promise<Release> {
  const response = await fetch(url, { headers: { Accept: 'application/vnd.github+json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  const tag = text(body.tag_name);
  if (tag === '') throw new Error('no tag_name');
  return { tag, notes: text(body.body), url: text(body.html_url) };
}

/** The numeric parts of a version such as `v1.2.3` or `1.2.3-beta` (null when there are none). */
function versionParts(version: string): number[] | null {
  const match = /^v?(\d+(?:\.\d+)*)/i.exec(version.trim());
  return match ? match[1].split('.').map(Number) : null;
}

/**
 * Whether `latest` is newer than `current`: compared part by part when both are numbered
 * versions, otherwise any different tag counts as newer.
 */
export function isNewerVersion(latest: string, current: string): boolean {
  if (latest.trim() === current.trim()) return false;
  const next = versionParts(latest);
  const now = versionParts(current);
  if (!next || !now) return true;
  for (let index = 0; index < Math.max(next.length, now.length); index += 1) {
    const difference = (next[index] ?? 0) - (now[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return false;
}
