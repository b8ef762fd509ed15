import { systemLogOther, type User } from '@modelgate/contracts';
import type { UserChanged } from '@modelgate/contracts/bus';
import { LogType, UserRole, UserStatus } from '@modelgate/db';
import { isAppError, PermissionDeniedError, ValidationError } from '@modelgate/runtime';
import { hash } from 'bcryptjs';
import type { IdentityContext } from '../identity-context';
import { toProfileMessage } from '../users/user-view';
import { newUserQuotaLogContent } from '../users/quota-text';
import { UserAdminMessage } from './user-admin-messages';
import {
  assertCanAct,
  assertCanView,
  assertRoleBelowActor,
  type ManageAction,
  planManageAction,
  type RoleAndStatus,
} from './user-admin-rules';
import { type ProfileChange, UserAdminStore, type UserPageQuery } from './user-admin-store';
import { checkBalance, checkDisplayName, checkGroup, checkPassword, checkQuota, checkUsername } from './user-input';

/** bcrypt cost of stored passwords (the reference's default, as for the root user). */
const BCRYPT_COST = 10;

/** An admin's edit of one user; absent fields stay unchanged (int64 values as decimal strings). */
export interface UserEdit {
  username?: string | undefined;
  display_name?: string | undefined;
  /** Empty keeps the current password. */
  password?: string | undefined;
  group?: string | undefined;
  /** The new balance. */
  quota?: string | undefined;
  /** An amount to add to the balance (negative to deduct). */
  quota_delta?: string | undefined;
  /** The role the client sent along; never written (roles change through `manage`). */
  role?: number | undefined;
}

/** The new account an admin asks for. */
export interface NewUserInput {
  username: string;
  display_name: string;
  password: string;
  /** 0 when the client asked for no role. */
  role: number;
}

/**
 * User management by admins: the rules of spec §6 applied by identity itself (the actor's role
 * and status are read here, not trusted from the caller), profile and role/status writes, balance
 * changes through billing with a log, and a `user.changed` event after every change so every
 * cache of the user (relays, edge) reloads it.
 */
export class UserAdmin {
  private readonly store: UserAdminStore;

  constructor(private readonly context: IdentityContext) {
    this.store = new UserAdminStore(context.dataSource);
  }

  /** The admin `actorId`, read fresh: a live, enabled user of at least the admin role. */
  async actor(actorId: number): Promise<RoleAndStatus> {
    const actor = actorId > 0 ? await this.store.findActor(actorId) : undefined;
    if (!actor || actor.status !== UserStatus.Enabled || actor.role < UserRole.Admin) {
      throw new PermissionDeniedError(UserAdminMessage.insufficientRole, { code: 'insufficient_role' });
    }
    return actor;
  }

  /** Any user (deleted ones included) the actor may view. */
  async get(actorId: number, userId: number): Promise<User> {
    const actor = await this.actor(actorId);
    const user = await this.store.find(userId);
    assertCanView(actor, user);
    return toProfileMessage(user, { includeAccessToken: false });
  }

  /** One page of users, deleted ones included. */
  async list(actorId: number, query: UserPageQuery): Promise<{ items: User[]; total: number }> {
    await this.actor(actorId);
    const { items, total } = await this.store.page(query);
    return { items: items.map((user) => toProfileMessage(user, { includeAccessToken: false })), total };
  }

  /** Creates a common user, with the new-user balance (QuotaForNewUser) granted through billing. */
  async create(actorId: number, input: NewUserInput): Promise<User> {
    const actor = await this.actor(actorId);
    if (input.username === '' || input.password === '') {
      throw new ValidationError(UserAdminMessage.credentialsRequired, { code: 'credentials_required' });
    }
    if (input.role !== 0) assertRoleBelowActor(actor, input.role, UserAdminMessage.createSameOrHigher);
    const username = checkUsername(input.username);
    const displayName = checkDisplayName(input.display_name, username);
    const password = await hash(checkPassword(input.password), BCRYPT_COST);
    const created = await this.store.insert({ username, display_name: displayName, password, role: UserRole.Common });
    this.context.logger.info({ userId: created.id, actorId }, 'admin created a user');
    await this.grantNewUserQuota(created.id);
    await this.announce(created.id, 'created');
    return toProfileMessage(await this.store.find(created.id), { includeAccessToken: false });
  }

  /** Edits profile, group and balance; returns the user now and whether the password changed. */
  async update(actorId: number, userId: number, edit: UserEdit): Promise<{ user: User; passwordChanged: boolean }> {
    const actor = await this.actor(actorId);
    if (edit.role !== undefined) assertRoleBelowActor(actor, edit.role, UserAdminMessage.raiseRole);
    if (edit.quota !== undefined && edit.quota_delta !== undefined) {
      throw new ValidationError(UserAdminMessage.quotaAndDelta, { code: 'quota_and_delta' });
    }
    const quota = edit.quota === undefined ? undefined : checkBalance(edit.quota);
    const quotaDelta = edit.quota_delta === undefined ? undefined : checkQuota(edit.quota_delta, 'quota_delta');
    const newPassword = edit.password ? checkPassword(edit.password) : undefined;
    const passwordHash = newPassword === undefined ? undefined : await hash(newPassword, BCRYPT_COST);

    const outcome = await this.store.changeLocked(userId, async (user, writer) => {
      assertCanAct(actor, user);
      const change: ProfileChange = {};
      const username = edit.username === undefined ? user.username : edit.username;
      if (username !== user.username) change.username = checkUsername(username);
      // Unchanged values are not re-validated: an old name longer than today's limit may stay.
      if (edit.display_name !== undefined && edit.display_name !== user.display_name) {
        const displayName = checkDisplayName(edit.display_name, username);
        if (displayName !== user.display_name) change.display_name = displayName;
      }
      if (edit.group !== undefined && edit.group !== user.group) {
        change.group = checkGroup(edit.group, this.context.options.value('GroupRatio'));
      }
      if (passwordHash !== undefined) {
        change.password = passwordHash;
        // A new password revokes the system access token too; edge ends the sessions.
        change.access_token = null;
      }
      await writer.profile(change);
      return { change };
    });

    const changed = Object.keys(outcome.change).length > 0;
    if (changed) await this.announce(userId, 'updated');
    // Billing computes every balance change under its own lock of the user row, with the log row.
    const balanceChanged = await this.changeBalance(userId, quota, quotaDelta);
    if (balanceChanged) await this.announce(userId, 'quota');
    if (changed || balanceChanged) {
      this.context.logger.info({ userId, actorId, fields: Object.keys(outcome.change), quota, quotaDelta }, 'admin edited a user');
    }
    const user = toProfileMessage(await this.store.find(userId), { includeAccessToken: false });
    return { user, passwordChanged: passwordHash !== undefined };
  }

  /** Promotes, demotes, enables, disables or soft-deletes a user; returns the role and status after. */
  async manage(actorId: number, userId: number, action: ManageAction): Promise<RoleAndStatus> {
    const actor = await this.actor(actorId);
    const plan = await this.store.changeLocked(userId, async (user, writer) => {
      const next = planManageAction(actor, user, action);
      if (next.delete) await writer.softDelete();
      else if (next.reason !== undefined) await writer.roleAndStatus(next.role, next.status);
      return next;
    });
    if (plan.reason !== undefined) {
      this.context.logger.info({ userId, actorId, action }, 'admin managed a user');
      await this.announce(userId, plan.reason);
    }
    return { role: plan.role, status: plan.status };
  }

  /**
   * Sets the balance (`quota`) or adds an amount to it (`quotaDelta`) through billing; true when
   * the balance changed. A deduction below zero is the admin's input error.
   */
  private async changeBalance(userId: number, quota: number | undefined, quotaDelta: number | undefined): Promise<boolean> {
    if (quota !== undefined) {
      const result = await this.context.billing.call('SetUserQuota', { user_id: userId, quota });
      return Number(result.previous_quota) !== Number(result.quota);
    }
    if (!quotaDelta) return false;
    await this.context.billing.call('AddUserQuota', { user_id: userId, delta: quotaDelta }).catch((error: unknown) => {
      if (isAppError(error) && error.code === 'insufficient_quota') {
        throw new ValidationError(UserAdminMessage.balanceWouldBeNegative, { code: 'balance_would_be_negative' });
      }
      throw error;
    });
    return true;
  }

  /** Credits QuotaForNewUser; a failure is logged (the account exists; an admin can add quota). */
  private async grantNewUserQuota(userId: number): Promise<void> {
    const amount = this.context.options.value('QuotaForNewUser');
    if (amount <= 0) return;
    try {
      await this.context.billing.call('AdjustUserQuota', {
        user_id: userId,
        delta: amount,
        log_type: LogType.System,
        log_content: newUserQuotaLogContent(amount, this.context.options),
        log_other: systemLogOther('new_user_gift', amount),
        allow_negative: false,
      });
    } catch (error) {
      this.context.logger.error({ err: error, userId, amount }, 'could not grant the new-user quota');
    }
  }

  /**
   * Tells every cache of the user that it changed. The change is already stored, so a failure to
   * announce is logged rather than undoing the admin's action.
   */
  private async announce(userId: number, reason: UserChanged['reason']): Promise<void> {
    try {
      await this.context.bus.publish('modelgate.evt.identity.user.changed', { userId, reason });
    } catch (error) {
      this.context.logger.error({ err: error, userId, reason }, 'could not announce a user change');
    }
  }
}
