import { TokenEntity } from '@modelgate/db';
import type { Logger, MessageBus, Subscription, TokenChanged, UserChanged } from '@modelgate/runtime';
import { type DataSource, In } from 'typeorm';
import { startPeriodicReload } from '../state/periodic-reload';
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
  /** How long an unknown key is answered from memory before the database is asked again. Default 10 s. */
  negativeTtlMs?: number;
  /** Unknown keys remembered at most (oldest dropped first). Default 10 000. */
  maxNegativeEntries?: number;
  /** Database lookups for keys not in memory running at once; more wait. Default 4. */
  maxConcurrentLookups?: number;
  /** Full reload period, a safety net for lost events (at-most-once bus); 0 disables. Default 5 min. */
  fullReloadIntervalMs?: number;
}

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

/**
 * Tokens by key and their owners by id, in memory, so authenticating a request queries nothing in
 * steady state. `start` loads every live token and its owner and subscribes to `token.changed` and
 * `user.changed`; each event reloads only the rows it names, and events arriving while a reload
 * runs are coalesced into one follow-up reload (all reloads run one at a time, in order). A key
 * not in memory (a token created on another replica whose event has not arrived) is looked up
 * once and cached; unknown keys are remembered for a short TTL so a flood of bad keys cannot hammer
 * the database.
 */
export class CredentialCache implements CredentialLookup {
  private readonly tokensByKey = new Map<string, CredentialToken>();
  private readonly keyById = new Map<number, string>();
  private readonly users = new Map<number, CredentialUser>();
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
  private stopTimer: () => void = () => undefined;
  private readonly negativeTtlMs: number;
  private readonly maxNegative: number;
  private readonly maxLookups: number;

  constructor(private readonly options: CredentialCacheOptions) {
    this.negativeTtlMs = options.negativeTtlMs ?? 10_000;
    this.maxNegative = options.maxNegativeEntries ?? 10_000;
    this.maxLookups = options.maxConcurrentLookups ?? 4;
  }

  /** Loads (whole or of changed rows) completed since start, for the relay's metrics. */
  get loads(): number {
    return this.epoch;
  }

  /** Subscribes to the change events (when a bus is given), then loads everything. */
  async start(bus?: MessageBus): Promise<void> {
    if (bus) {
      this.subscriptions = await Promise.all([
        bus.subscribe('modelgate.evt.identity.token.changed', (m) => this.applyTokenChange(m.payload)),
        bus.subscribe('modelgate.evt.identity.user.changed', (m) => this.applyUserChange(m.payload)),
      ]);
    }
    await this.reloadAll();
    this.stopTimer = startPeriodicReload(this.options.fullReloadIntervalMs, () => this.reloadAll(), (err) =>
      this.options.logger.warn({ err }, 'credential reload failed'),
    );
  }

  /** Unsubscribes, stops the periodic reload and waits for a reload in progress. */
  async stop(): Promise<void> {
    this.stopTimer();
    await Promise.all(this.subscriptions.map((s) => s.unsubscribe()));
    this.subscriptions = [];
    await this.chain;
  }

  /** Replaces the whole index with every live token and its owner (two queries). */
  reloadAll(): Promise<void> {
    return this.enqueue(async () => {
      const tokens = await this.options.dataSource.getRepository(TokenEntity).find();
      const users: UserRow[] = await this.options.dataSource.query(
        `SELECT ${USER_COLUMNS} FROM users WHERE deleted_at IS NULL
           AND id IN (SELECT user_id FROM tokens WHERE deleted_at IS NULL)`,
      );
      this.tokensByKey.clear();
      this.keyById.clear();
      this.users.clear();
      this.negative.clear();
      for (const token of tokens) this.putToken(token);
      for (const row of users) this.users.set(row.id, toUser(row));
      this.epoch++;
      this.options.logger.debug({ tokens: tokens.length, users: users.length }, 'credentials loaded');
    });
  }

  /** Applies a `token.changed` event: reloads the named tokens (all of the user's when none are named). */
  applyTokenChange(event: TokenChanged): Promise<void> {
    if (event.tokenIds.length === 0) this.pendingTokenOwners.add(event.userId);
    for (const id of event.tokenIds) this.pendingTokenIds.add(id);
    return this.scheduleFlush();
  }

  /** Applies a `user.changed` event: reloads the user when it owns a cached token. */
  applyUserChange(event: UserChanged): Promise<void> {
    if (!this.users.has(event.userId)) {
      this.epoch++; // a lookup of this user's token in flight reads it again
      return this.chain;
    }
    this.pendingUserIds.add(event.userId);
    return this.scheduleFlush();
  }

  /** The credential for `key` from memory only; steady-state requests end here. */
  peek(key: string): Credential | undefined {
    const token = this.tokensByKey.get(key);
    if (!token) return undefined;
    const user = this.users.get(token.user_id);
    return user ? { token, user } : undefined;
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
      this.putToken(found.token);
      this.users.set(found.user.id, found.user);
      return found;
    } finally {
      this.release();
    }
  }

  private async query(key: string): Promise<{ token: TokenEntity; user: CredentialUser } | undefined> {
    const token = await this.options.dataSource.getRepository(TokenEntity).findOne({ where: { key } });
    if (!token) return undefined;
    const rows: UserRow[] = await this.options.dataSource.query(
      `SELECT ${USER_COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL`,
      [token.user_id],
    );
    return rows[0] ? { token, user: toUser(rows[0]) } : undefined;
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

  private putToken(token: CredentialToken): void {
    const previous = this.keyById.get(token.id);
    if (previous !== undefined && previous !== token.key) this.tokensByKey.delete(previous);
    this.tokensByKey.set(token.key, token);
    this.keyById.set(token.id, token.key);
    this.negative.delete(token.key);
  }

  private removeToken(id: number): void {
    const key = this.keyById.get(id);
    if (key === undefined) return;
    this.tokensByKey.delete(key);
    this.keyById.delete(id);
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

  /** Reloads every pending token and user in at most two queries, then swaps them in at once. */
  private async flush(): Promise<void> {
    const tokenIds = [...this.pendingTokenIds];
    const owners = [...this.pendingTokenOwners];
    const userIds = new Set(this.pendingUserIds);
    this.pendingTokenIds.clear();
    this.pendingTokenOwners.clear();
    this.pendingUserIds.clear();
    let tokens: TokenEntity[] = [];
    if (tokenIds.length > 0 || owners.length > 0) {
      const where = [];
      if (tokenIds.length > 0) where.push({ id: In(tokenIds) });
      if (owners.length > 0) where.push({ user_id: In(owners) });
      tokens = await this.options.dataSource.getRepository(TokenEntity).find({ where });
      for (const token of tokens) if (!this.users.has(token.user_id)) userIds.add(token.user_id);
    }
    const users: UserRow[] = userIds.size === 0 ? [] : await this.options.dataSource.query(
      `SELECT ${USER_COLUMNS} FROM users WHERE id = ANY($1) AND deleted_at IS NULL`,
      [[...userIds]],
    );
    for (const id of tokenIds) this.removeToken(id);
    const ownerSet = new Set(owners);
    for (const [id, key] of this.keyById) {
      if (ownerSet.has(this.tokensByKey.get(key)?.user_id ?? -1)) this.removeToken(id);
    }
    for (const token of tokens) this.putToken(token);
    for (const id of userIds) this.users.delete(id);
    for (const row of users) this.users.set(row.id, toUser(row));
    this.epoch++;
  }
}
