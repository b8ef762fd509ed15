import type { BillingServiceDefinition, IdentityServiceDefinition } from '@modelgate/contracts';
import { sessionIdOf } from '@modelgate/access';
import { type GrpcClient, InternalError } from '@modelgate/runtime';
import type { CredentialUser } from '../auth';

/** How long a positive answer is reused, by default. */
export const DEFAULT_SESSION_TTL_MS = 3_000;
/** The longest a positive answer may be reused: a sign-out or ban must not wait longer. */
export const MAX_SESSION_TTL_MS = 5_000;

/** What the playground asks of console sessions. */
export interface PlaygroundSessions {
  /** The enabled user holding session `token` and claiming to be `claimedUserId`, or throws (401/403). */
  authenticate(token: string, claimedUserId: number): Promise<CredentialUser>;
}

/** Options of {@link SessionAuthenticator}. */
export interface SessionAuthenticatorOptions {
  /** Identity's client: `AuthenticateSession` decides every answer not in memory. */
  identity: Pick<GrpcClient<IdentityServiceDefinition>, 'call'>;
  /** Billing's client: the signed-in user's balance (`GetUserQuota`), asked once identity said yes. */
  billing: Pick<GrpcClient<BillingServiceDefinition>, 'call'>;
  /** How long a positive answer is reused; at most {@link MAX_SESSION_TTL_MS}. Default 3 s. */
  ttlMs?: number;
  /** Answers kept at most (the oldest go first). Default 10 000. */
  maxEntries?: number;
  /** Milliseconds clock; `Date.now` by default. */
  now?: () => number;
}

interface Entry {
  /** The session's `sessions.id` (the hash of its cookie). */
  readonly sessionId: string;
  readonly user: CredentialUser;
  readonly expiresAt: number;
}

/** A question to identity still unanswered; `stale` once a forget concerned it meanwhile. */
interface Pending {
  readonly sessionId: string;
  readonly claimedUserId: number;
  stale: boolean;
}

/**
 * Console sessions for the playground, checked by identity (the relay never reads `sessions`),
 * with the user's balance from billing (the check before the body is read needs it).
 * A positive answer is reused for a few seconds so a conversation does not cost a call per
 * message; refusals are never kept, {@link forgetUser} drops a user's answers at once when
 * their account changes, and {@link forgetSessions} drops a session's as soon as it ends (a
 * sign-out must not leave its cookie working for the rest of the few seconds). An answer that
 * was on its way while a forget concerned it is used once but not remembered. Entries are keyed
 * by the token's hash and the claimed user, so a remembered answer is only ever given to the
 * same session making the same claim.
 */
export class SessionAuthenticator implements PlaygroundSessions {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Set<Pending>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly options: SessionAuthenticatorOptions) {
    this.ttlMs = Math.min(Math.max(0, options.ttlMs ?? DEFAULT_SESSION_TTL_MS), MAX_SESSION_TTL_MS);
    this.maxEntries = Math.max(1, options.maxEntries ?? 10_000);
    this.now = options.now ?? Date.now;
  }

  async authenticate(token: string, claimedUserId: number): Promise<CredentialUser> {
    const sessionId = sessionIdOf(token);
    const key = `${sessionId}:${claimedUserId}`;
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.user;
    if (hit) this.entries.delete(key);
    const pending: Pending = { sessionId, claimedUserId, stale: false };
    this.pending.add(pending);
    const found = await this.ask(token, claimedUserId).finally(() => this.pending.delete(pending));
    if (!pending.stale) this.remember(key, sessionId, found);
    return found;
  }

  /** Identity's answer about the session, then billing's balance of the user it names. */
  private async ask(token: string, claimedUserId: number): Promise<CredentialUser> {
    const { user } = await this.options.identity.call('AuthenticateSession', { session_token: token, user_id: claimedUserId });
    if (!user) throw new InternalError('identity answered AuthenticateSession without a user');
    const { quota } = await this.options.billing.call('GetUserQuota', { user_id: user.id });
    return {
      id: Number(user.id),
      username: user.username,
      role: user.role,
      status: user.status,
      group: user.group,
      quota: Number(quota),
    };
  }

  /** Drops every remembered answer of `userId` (their status, role, group or balance changed). */
  forgetUser(userId: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(key);
    }
    // A successful answer is always about the claimed user.
    for (const question of this.pending) if (question.claimedUserId === userId) question.stale = true;
  }

  /** Drops every remembered answer of the sessions `sessionIds` (hashes of their cookies), which ended. */
  forgetSessions(sessionIds: readonly string[]): void {
    const ended = new Set(sessionIds);
    for (const [key, entry] of this.entries) {
      if (ended.has(entry.sessionId)) this.entries.delete(key);
    }
    for (const question of this.pending) if (ended.has(question.sessionId)) question.stale = true;
  }

  /** Answers held, for tests. */
  get size(): number {
    return this.entries.size;
  }

  private remember(key: string, sessionId: string, user: CredentialUser): void {
    if (this.ttlMs === 0) return;
    this.entries.delete(key);
    this.entries.set(key, { sessionId, user, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
