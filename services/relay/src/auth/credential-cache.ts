import type { MessageBus, TokenChanged, UserChanged } from '@modelgate/contracts/bus';
import { TokenEntity } from '@modelgate/db';
import type { Logger, Subscription } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import type { CredentialToken, CredentialUser } from './token-checks';

/** A token and its owner as held in memory. */
export interface Credential {
  token: CredentialToken;
  /** Undefined only when the owner is deleted (the checks then reject the token). */
  user: CredentialUser | undefined;
}

/** What `authenticateRequest` needs from a credential store. */
export interface CredentialLookup {
  /** The token with this key and its owner, or undefined when no live token has it. */
  lookup(key: string): Promise<Credential | undefined>;
}

/** Options of {@link CredentialCache}. */
export interface CredentialCacheOptions {
  dataSource: DataSource;
  logger: Logger;
  /** Tokens held at most; the least recently used one is dropped beyond. Default 50 000. */
  maxTokens?: number;
  /** How long an unknown key is answered from memory before the database is asked again. Default 10 s. */
  negativeTtlMs?: number;
  /** Unknown keys remembered at most (oldest dropped first). Default 10 000. */
  maxNegativeEntries?: number;
  /** Database lookups for keys not in memory running at once; more wait. Default 4. */
  maxConcurrentLookups?: number;
  /**
   * Age after which a token still in use is read again in the background (the request that notices
   * is answered from memory), the safety net for lost events (the bus delivers at most once); 0
   * disables. Default 5 min.
   */
  refreshAfterMs?: number;
}

/** The default size of the token cache (about 30 MB of heap when full). */
export const DEFAULT_CREDENTIAL_CACHE_TOKENS = 50_000;

const USER_COLUMNS = 'id, username, role, status, "group", quota';

interface UserRow {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  quota: string | number;
}

function toUser(row: UserRow): CredentialUser {
  return { id: row.id, username: row.username, role: row.role, status: row.status, group: row.group, quota: Number(row.quota) };
}

/** A cached token, the time it was read and whether a background re-read is already asked for. */
interface TokenEntry {
  readonly token: CredentialToken;
  readonly loadedAt: number;
}

/** A cached owner and the keys of its cached tokens (the owner is dropped with its last token). */
interface UserEntry {
  user: CredentialUser;
  readonly keys: Set<string>;
}

/**
 * Tokens by key and their owners, cached by use: memory holds the tokens requests actually send
 * (at most `maxTokens`, least recently used dropped first), never the whole table, so a relay with
 * a million tokens starts as fast and as small as one with ten. A key not in memory costs one
 * indexed query (the token joined with its live owner), shared by concurrent requests for the same
 * key and bounded in concurrency; unknown keys are remembered for a short TTL so a flood of bad
 * keys cannot hammer the database. A hit queries nothing.
 *
 * `token.changed` and `user.changed` re-read only what memory holds of the rows they name (a
 * user-wide token event re-reads that user's cached tokens); events arriving while a re-read runs
 * are coalesced into one follow-up (all re-reads run one at a time, in order). An entry older than
 * `refreshAfterMs` is still served, and re-read in the background: the safety net for lost events
 * touches only the tokens in use, a few at a time, never the whole cache at once.
 */
export class CredentialCache implements CredentialLookup {
  private readonly tokensByKey = new Map<string, TokenEntry>();
  private readonly keyById = new Map<number, string>();
  private readonly users = new Map<number, UserEntry>();
  private readonly negative = new Map<string, number>();
  private readonly inflight = new Map<string, Promise<Credential | undefined>>();
  private readonly pendingTokenIds = new Set<number>();
  private readonly pendingTokenOwners = new Set<number>();
  private readonly pendingUserIds = new Set<number>();
  private chain: Promise<void> = Promise.resolve();
  private flushScheduled = false;
  private epoch = 0;
  private activeLookups = 0;
  private readonly lookupWaiters: Array<() => void> = [];
  private subscriptions: Subscription[] = [];
  private readonly maxTokens: number;
  private readonly negativeTtlMs: number;
  private readonly maxNegative: number;
  private readonly maxLookups: number;
  private readonly refreshAfterMs: number;

  constructor(private readonly options: CredentialCacheOptions) {
    this.maxTokens = Math.max(1, options.maxTokens ?? DEFAULT_CREDENTIAL_CACHE_TOKENS);
    this.negativeTtlMs = options.negativeTtlMs ?? 10_000;
    this.maxNegative = options.maxNegativeEntries ?? 10_000;
    this.maxLookups = options.maxConcurrentLookups ?? 4;
    this.refreshAfterMs = options.refreshAfterMs ?? 300_000;
  }

  /** Loads (whole or of changed rows) completed since start, for the relay's metrics. */
  get loads(): number {
    return this.epoch;
  }

  /** Subscribes to the change events (when a bus is given); nothing is loaded up front. */
  async start(bus?: MessageBus): Promise<void> {
    if (bus) {
      this.subscriptions = await Promise.all([
        bus.subscribe('modelgate.evt.identity.token.changed', (m) => void this.applyTokenChange(m.payload)),
        bus.subscribe('modelgate.evt.identity.user.changed', (m) => void this.applyUserChange(m.payload)),
      ]);
    }
  }

  /** Unsubscribes and waits for a re-read in progress. */
  async stop(): Promise<void> {
    await Promise.all(this.subscriptions.map((s) => s.unsubscribe()));
    this.subscriptions = [];
    await this.chain;
  }

  /** Applies a `token.changed` event: re-reads the named tokens (the user's cached ones when none are named). */
  applyTokenChange(event: TokenChanged): Promise<void> {
    this.epoch++; // a lookup in flight reads its row again
    if (event.tokenIds.length === 0) {
      if (!this.users.has(event.userId)) return this.chain;
      this.pendingTokenOwners.add(event.userId);
    }
    // Named tokens are read even when not cached: a new token's key may be remembered as unknown.
    for (const id of event.tokenIds) this.pendingTokenIds.add(id);
    return this.scheduleFlush();
  }

  /** Applies a `user.changed` event: re-reads the user when one of its tokens is cached. */
  applyUserChange(event: UserChanged): Promise<void> {
    this.epoch++;
    if (!this.users.has(event.userId)) return this.chain;
    this.pendingUserIds.add(event.userId);
    return this.scheduleFlush();
  }

  /** The credential for `key` from memory only (marks it recently used); steady-state requests end here. */
  peek(key: string): Credential | undefined {
    const entry = this.tokensByKey.get(key);
    if (!entry) return undefined;
    const owner = this.users.get(entry.token.user_id);
    if (!owner) return undefined;
    // Most recently used last: the first key of the map is the one to drop.
    this.tokensByKey.delete(key);
    this.tokensByKey.set(key, entry);
    if (this.refreshAfterMs > 0 && Date.now() - entry.loadedAt > this.refreshAfterMs) this.refreshInBackground(entry.token.id);
    return { token: entry.token, user: owner.user };
  }

  /** {@link CredentialLookup.lookup}: memory, then the negative cache, then one bounded database lookup. */
  lookup(key: string): Promise<Credential | undefined> {
    const hit = this.peek(key);
    if (hit) return Promise.resolve(hit);
    const until = this.negative.get(key);
    if (until !== undefined) {
      if (until > Date.now()) return Promise.resolve(undefined);
      this.negative.delete(key);
    }
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.fetch(key).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  /** Counts, for logs and tests. */
  stats(): { tokens: number; users: number; negative: number } {
    return { tokens: this.tokensByKey.size, users: this.users.size, negative: this.negative.size };
  }

  private refreshInBackground(tokenId: number): void {
    if (this.pendingTokenIds.has(tokenId)) return;
    this.pendingTokenIds.add(tokenId);
    void this.scheduleFlush().catch(() => undefined);
  }

  private async fetch(key: string): Promise<Credential | undefined> {
    await this.acquire();
    try {
      const epoch = this.epoch;
      let found = await this.query(key);
      // An event was applied meanwhile: the row read may predate it, so read once more.
      if (this.epoch !== epoch) found = await this.query(key);
      if (!found) {
        this.remember(key);
        return undefined;
      }
      if (!found.user) {
        // The owner is deleted: the token is as good as unknown.
        this.remember(key);
        return undefined;
      }
      this.putUser(found.user);
      this.putToken(found.token);
      return { token: found.token, user: found.user };
    } finally {
      this.release();
    }
  }

  /** One indexed query: the live token with this key and its live owner (undefined when deleted). */
  private async query(key: string): Promise<{ token: TokenEntity; user: CredentialUser | undefined } | undefined> {
    const { entities, raw } = await this.options.dataSource
      .getRepository(TokenEntity)
      .createQueryBuilder('t')
      .leftJoin('users', 'u', 'u.id = t.user_id AND u.deleted_at IS NULL')
      .addSelect(['u.id', 'u.username', 'u.role', 'u.status', 'u."group"', 'u.quota'].map((c, i) => `${c} AS "u_${USER_FIELDS[i]}"`))
      .where('t.key = :key', { key })
      .getRawAndEntities<Record<string, unknown>>();
    const token = entities[0];
    if (!token) return undefined;
    const row = raw[0]!;
    const user = row.u_id === null || row.u_id === undefined
      ? undefined
      : toUser({
          id: Number(row.u_id),
          username: String(row.u_username),
          role: Number(row.u_role),
          status: Number(row.u_status),
          group: String(row.u_group),
          quota: row.u_quota as string,
        });
    return { token, user };
  }

  private remember(key: string): void {
    this.negative.delete(key);
    this.negative.set(key, Date.now() + this.negativeTtlMs);
    while (this.negative.size > this.maxNegative) {
      const oldest = this.negative.keys().next().value;
      if (oldest === undefined) break;
      this.negative.delete(oldest);
    }
  }

  private async acquire(): Promise<void> {
    while (this.activeLookups >= this.maxLookups) {
      await new Promise<void>((resolve) => this.lookupWaiters.push(resolve));
    }
    this.activeLookups++;
  }

  private release(): void {
    this.activeLookups--;
    this.lookupWaiters.shift()?.();
  }

  private putUser(user: CredentialUser): void {
    const entry = this.users.get(user.id);
    if (entry) entry.user = user;
    else this.users.set(user.id, { user, keys: new Set() });
  }

  /** Caches a token whose owner is already cached, dropping the least recently used beyond the bound. */
  private putToken(token: CredentialToken): void {
    const owner = this.users.get(token.user_id);
    if (!owner) return;
    const previous = this.keyById.get(token.id);
    if (previous !== undefined) {
      this.tokensByKey.delete(previous);
      owner.keys.delete(previous);
    }
    if (this.tokensByKey.has(token.key)) this.removeKey(token.key);
    this.negative.delete(token.key);
    this.tokensByKey.set(token.key, { token, loadedAt: Date.now() });
    this.keyById.set(token.id, token.key);
    owner.keys.add(token.key);
    this.users.set(token.user_id, owner);
    while (this.tokensByKey.size > this.maxTokens) {
      const oldest = this.tokensByKey.keys().next().value;
      if (oldest === undefined) break;
      this.removeKey(oldest);
    }
  }

  private removeToken(id: number): void {
    const key = this.keyById.get(id);
    if (key !== undefined) this.removeKey(key);
  }

  /** Drops a cached token, and its owner with the owner's last cached token. */
  private removeKey(key: string): void {
    const entry = this.tokensByKey.get(key);
    if (!entry) return;
    this.tokensByKey.delete(key);
    if (this.keyById.get(entry.token.id) === key) this.keyById.delete(entry.token.id);
    const owner = this.users.get(entry.token.user_id);
    if (!owner) return;
    owner.keys.delete(key);
    if (owner.keys.size === 0) this.users.delete(entry.token.user_id);
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.chain.then(work);
    this.chain = next.catch((err: unknown) => this.options.logger.warn({ err }, 'credential refresh failed'));
    return next;
  }

  private scheduleFlush(): Promise<void> {
    if (this.flushScheduled) return this.chain;
    this.flushScheduled = true;
    return this.enqueue(() => {
      this.flushScheduled = false;
      return this.flush();
    });
  }

  /**
   * Re-reads every pending token and user in at most two queries, then swaps them in at once. Only
   * what is cached is kept: a named token not in memory just leaves the negative cache.
   */
  private async flush(): Promise<void> {
    const tokenIds = new Set(this.pendingTokenIds);
    for (const owner of this.pendingTokenOwners) {
      for (const key of this.users.get(owner)?.keys ?? []) {
        const entry = this.tokensByKey.get(key);
        if (entry) tokenIds.add(entry.token.id);
      }
    }
    const userIds = [...this.pendingUserIds];
    this.pendingTokenIds.clear();
    this.pendingTokenOwners.clear();
    this.pendingUserIds.clear();
    const tokens: TokenEntity[] = tokenIds.size === 0 ? [] : await this.options.dataSource
      .getRepository(TokenEntity)
      .createQueryBuilder('t')
      .where('t.id = ANY(:ids)', { ids: [...tokenIds] })
      .getMany();
    const users: UserRow[] = userIds.length === 0 ? [] : await this.options.dataSource.query(
      `SELECT ${USER_COLUMNS} FROM users WHERE id = ANY($1) AND deleted_at IS NULL`,
      [userIds],
    );
    // Only what memory still holds is replaced; a named token not held just leaves the negative cache.
    for (const row of users) {
      const entry = this.users.get(row.id);
      if (entry) entry.user = toUser(row);
    }
    const gone = new Set<number>();
    for (const id of tokenIds) if (this.keyById.has(id)) gone.add(id);
    for (const token of tokens) {
      this.negative.delete(token.key);
      if (gone.delete(token.id)) this.putToken(token);
    }
    for (const id of gone) this.removeToken(id); // deleted since it was cached
    // Owners read again and found deleted take their cached tokens with them.
    const live = new Set(users.map((row) => row.id));
    for (const id of userIds) {
      if (live.has(id)) continue;
      for (const key of [...(this.users.get(id)?.keys ?? [])]) this.removeKey(key);
    }
    this.epoch++;
  }
}

const USER_FIELDS = ['id', 'username', 'role', 'status', 'group', 'quota'] as const;
