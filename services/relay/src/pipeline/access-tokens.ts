import type { AccessTokenGrant, AccessTokenSource, TokenFetch } from '../providers/types';

/**
 * The access-token sources of the channels that authenticate with exchanged tokens (Vertex AI's
 * service accounts): one per channel, kept while its credential stays the same, so each token is
 * fetched once and refreshed by its source before it expires, never per request. The exchanges go
 * through `fetch`, the upstream client's, under the same outbound address policy as every call to
 * a channel's addresses (a key's `token_uri` is an admin's input like a base URL).
 */
export class AccessTokenCache {
  private readonly sources = new Map<string, { readonly fingerprint: string; readonly source: AccessTokenSource }>();

  constructor(private readonly fetch: TokenFetch) {}

  /** A valid token for the grant's credential; rejects with the source's typed error. */
  accessToken(grant: AccessTokenGrant): Promise<string> {
    return this.sourceOf(grant).accessToken();
  }

  /** The upstream refused a token of the grant's credential: the next call exchanges again. */
  refused(grant: AccessTokenGrant, token: string): void {
    this.sourceOf(grant).refused(token);
  }

  private sourceOf(grant: AccessTokenGrant): AccessTokenSource {
    let entry = this.sources.get(grant.holder);
    if (entry?.fingerprint !== grant.fingerprint) {
      entry = { fingerprint: grant.fingerprint, source: grant.createSource(this.fetch) };
      this.sources.set(grant.holder, entry);
    }
    return entry.source;
  }
}
