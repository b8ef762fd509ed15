import { UserEntity, UserStatus } from '@modelgate/db';
import { ConflictError, PermissionDeniedError, PreconditionFailedError } from '@modelgate/runtime';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../identity-context';
import { creditSignUpGifts } from '../users/sign-up-gifts';
import { emailIsFree, insertUser } from './new-users';
import { EXTERNAL_PROVIDERS, type ExternalProvider, OAuthMessage } from './oauth-messages';
import type { ExternalProfile } from './redirect-providers';

/** The result of a third-party sign-in. */
export interface ExternalSignIn {
  user: UserEntity;
  /** The account was bound to the signed-in user (no new session). */
  bound: boolean;
  /** A new user was registered. */
  registered: boolean;
}

/** What the sign-in is for: binding to a signed-in user, or signing in with an invitation. */
export interface ExternalSignInRequest {
  /** The signed-in user to bind to; 0 to sign in (or register). */
  bindUserId: number;
  /** The inviter a registration is credited to; 0 when none. */
  inviterId: number;
}

/**
 * Signs users in with an external account, registering one on first use, or binds the account to
 * a signed-in user. Lookup and insert (or bind) run in one transaction under an advisory lock on
 * the external id, so two concurrent first sign-ins with the same account create one user, and an
 * account is never bound to two users.
 */
export class ExternalAccounts {
  constructor(private readonly context: IdentityContext) {}

  complete(provider: ExternalProvider, profile: ExternalProfile, request: ExternalSignInRequest): Promise<ExternalSignIn> {
    return request.bindUserId > 0
      ? this.bind(provider, profile, request.bindUserId)
      : this.signIn(provider, profile, request.inviterId);
  }

  private async signIn(provider: ExternalProvider, profile: ExternalProfile, inviterId: number): Promise<ExternalSignIn> {
    const { column, usernamePrefix } = EXTERNAL_PROVIDERS[provider];
    const { user, registered } = await this.context.dataSource.transaction(async (manager) => {
      await lockExternalId(manager, provider, profile.externalId);
      const users = manager.getRepository(UserEntity);
      const existing = await users.findOne({ where: { [column]: profile.externalId }, order: { id: 'ASC' } });
      if (existing) return { user: existing, registered: false };
      if (await users.exists({ where: { [column]: profile.externalId }, withDeleted: true })) {
        throw new PermissionDeniedError(OAuthMessage.deleted, { code: 'user_deleted' });
      }
      if (!this.context.options.value('RegisterEnabled')) {
        throw new PreconditionFailedError(OAuthMessage.registrationClosed, { code: 'registration_disabled' });
      }
      const created = await insertUser(manager, {
        usernamePrefix,
        displayName: profile.displayName,
        email: (await emailIsFree(manager, profile.email)) ? profile.email : '',
        passwordHash: '',
        inviterId,
        bindings: { [column]: profile.externalId },
      });
      return { user: created, registered: true };
    });
    if (registered) {
      this.context.logger.info({ user_id: user.id, provider }, 'user registered through a third-party account');
      await creditSignUpGifts(this.context, user.id, user.inviter_id);
      await this.announce(user.id, 'created');
    }
    if (user.status !== UserStatus.Enabled) throw new PermissionDeniedError(OAuthMessage.banned, { code: 'user_banned' });
    return { user, bound: false, registered };
  }

  private async bind(provider: ExternalProvider, profile: ExternalProfile, userId: number): Promise<ExternalSignIn> {
    const { column } = EXTERNAL_PROVIDERS[provider];
    const user = await this.context.dataSource.transaction(async (manager) => {
      await lockExternalId(manager, provider, profile.externalId);
      const users = manager.getRepository(UserEntity);
      const holder = await users.findOne({ where: { [column]: profile.externalId }, withDeleted: true, select: { id: true } });
      if (holder && holder.id !== userId) {
        throw new ConflictError(OAuthMessage.alreadyBound(provider), { code: 'external_account_taken' });
      }
      const target = await users.findOne({ where: { id: userId } });
      if (!target) throw new PermissionDeniedError(OAuthMessage.deleted, { code: 'user_deleted' });
      if (target.status !== UserStatus.Enabled) throw new PermissionDeniedError(OAuthMessage.banned, { code: 'user_banned' });
      await users.update({ id: userId }, { [column]: profile.externalId });
      return { ...target, [column]: profile.externalId } as UserEntity;
    });
    this.context.logger.info({ user_id: userId, provider }, 'third-party account bound');
    await this.announce(userId, 'updated');
    return { user, bound: true, registered: false };
  }

  /** Tells other services the user changed; an event is a hint, so a failure is only logged. */
  private async announce(userId: number, reason: 'created' | 'updated'): Promise<void> {
    try {
      await this.context.bus.publish('modelgate.evt.identity.user.changed', { userId, reason });
    } catch (error) {
      this.context.logger.warn({ err: error, user_id: userId }, 'cannot announce a user change');
    }
  }
}

/** Serialises sign-ins and bindings of one external account until the transaction ends. */
async function lockExternalId(manager: EntityManager, provider: ExternalProvider, externalId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`modelgate:external-account:${provider}:${externalId}`]);
}
