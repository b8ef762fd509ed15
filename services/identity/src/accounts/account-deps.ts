import type { BillingServiceDefinition } from '@modelgate/contracts';
import type { MessageBus, UserChanged } from '@modelgate/contracts/bus';
import { UserEntity } from '@modelgate/db';
import { type GrpcClient, type Logger, NotFoundError } from '@modelgate/runtime';
import { type DataSource, QueryFailedError } from 'typeorm';
import type { MailSender } from '@modelgate/mail';
import type { TypedOptionReader } from '../options/option-store';
import { AccountMessage } from './account-messages';
import type { LoginBackoff } from './login-backoff';
import type { VerificationCodes } from './verification-codes';

/** What the account flows are built from (a slice of identity's context plus mail and codes). */
export interface AccountDeps {
  logger: Logger;
  dataSource: DataSource;
  bus: MessageBus;
  options: TypedOptionReader;
  /** Balances belong to billing: gifts and rewards go through it. */
  billing: GrpcClient<BillingServiceDefinition>;
  mailer: MailSender;
  codes: VerificationCodes;
  /** The per-account count of failed password sign-ins and its backoff. */
  loginBackoff: LoginBackoff;
}

/** A live (not deleted) user, or NotFoundError. */
export async function findLiveUser(deps: Pick<AccountDeps, 'dataSource'>, id: number): Promise<UserEntity> {
  const user = Number.isSafeInteger(id) && id > 0 ? await deps.dataSource.getRepository(UserEntity).findOne({ where: { id } }) : null;
  if (!user) throw new NotFoundError(AccountMessage.userNotFound, { code: 'user_not_found' });
  return user;
}

/** The unique constraint a write violated (`uq_users_username`, ...), or undefined for any other error. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' ? (driverError.constraint ?? '') : undefined;
}

/**
 * Runs `attempt` again (up to `times` in all) while it fails on the unique constraint
 * `constraint`: for random values (invitation codes, access tokens) that collided.
 */
export async function retryOnCollision<T>(constraint: string, times: number, attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= times || violatedUniqueConstraint(error) !== constraint) throw error;
    }
  }
}

/**
 * Announces that a user's cached state is stale. Events are hints (ADR 4): a failure to publish
 * is logged, never turned into a failure of the change already committed.
 */
export async function announceUser(deps: Pick<AccountDeps, 'bus' | 'logger'>, userId: number, reason: UserChanged['reason']): Promise<void> {
  try {
    await deps.bus.publish('modelgate.evt.identity.user.changed', { userId, reason });
  } catch (error) {
    deps.logger.warn({ err: error, userId, reason }, 'cannot announce the user change');
  }
}
