import { likeContains, UserEntity } from '@modelgate/db';
import { ConflictError, NotFoundError, PreconditionFailedError } from '@modelgate/runtime';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { UserAdminMessage } from './user-admin-messages';
import type { RoleAndStatus } from './user-admin-rules';
import { MAX_USER_ID } from './user-input';
import { newAffCode } from '../users/secrets';

/** One page of a user listing. */
export interface UserPageQuery {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Trimmed; empty for no keyword filter. */
  keyword: string;
  /** Empty for every group. */
  group: string;
}

/** The profile columns an admin edits (the password already hashed; a new one clears the access token). */
export type ProfileChange = Partial<Pick<UserEntity, 'username' | 'display_name' | 'password' | 'access_token' | 'group'>>;

/** The columns of a new account that are not defaults. */
export type NewUser = Pick<UserEntity, 'username' | 'display_name' | 'password' | 'role'>;

/** Fresh invitation codes tried before giving up (collisions are rare: 62^4 codes). */
const AFF_CODE_ATTEMPTS = 8;

/** The name of the unique constraint a write violated, or undefined for any other error. */
function violatedUniqueConstraint(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' ? (driverError.constraint ?? '') : undefined;
}

/** Rethrows a taken username as the reference's message; any other error as it is. */
function usernameConflict(error: unknown): never {
  if (violatedUniqueConstraint(error) === 'uq_users_username') {
    throw new ConflictError(UserAdminMessage.usernameTaken, { code: 'username_taken', cause: error });
  }
  throw error;
}

/**
 * The `users` rows user management reads and writes (identity owns every column but the
 * balances). Changes to one user run in a transaction holding that user's row lock, so two admins
 * acting on the same user at once are applied one after the other, each on the current state.
 */
export class UserAdminStore {
  constructor(private readonly dataSource: DataSource) {}

  /** The role and status of a live (not deleted) user, or undefined. */
  async findActor(id: number): Promise<RoleAndStatus | undefined> {
    const user = await this.dataSource
      .getRepository(UserEntity)
      .findOne({ where: { id }, select: { id: true, role: true, status: true } });
    return user ? { role: user.role, status: user.status } : undefined;
  }

  /** Any user, deleted ones included. */
  async find(id: number): Promise<UserEntity> {
    const user = await this.dataSource.getRepository(UserEntity).findOne({ where: { id }, withDeleted: true });
    if (!user) throw new NotFoundError(UserAdminMessage.notFound, { code: 'user_not_found' });
    return user;
  }

  /** One page of users, deleted ones included, highest id first, and the number matching in all. */
  async page(query: UserPageQuery): Promise<{ items: UserEntity[]; total: number }> {
    const builder = this.dataSource.getRepository(UserEntity).createQueryBuilder('u').withDeleted();
    if (query.keyword !== '') {
      const conditions = ['u.username ILIKE :pattern', 'u.email ILIKE :pattern', 'u.display_name ILIKE :pattern'];
      const id = /^\d{1,10}$/.test(query.keyword) ? Number(query.keyword) : undefined;
      if (id !== undefined && id <= MAX_USER_ID) conditions.unshift('u.id = :id');
      builder.andWhere(`(${conditions.join(' OR ')})`, { pattern: likeContains(query.keyword), id });
    }
    if (query.group !== '') builder.andWhere('"u"."group" = :group', { group: query.group });
    const [items, total] = await builder
      .orderBy('u.id', 'DESC')
      .skip((query.page - 1) * query.pageSize)
      .take(query.pageSize)
      .getManyAndCount();
    return { items, total };
  }

  /** Inserts a new account with a fresh invitation code; a taken username is a ConflictError. */
  async insert(user: NewUser): Promise<UserEntity> {
    const repository = this.dataSource.getRepository(UserEntity);
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await repository.insert({ ...user, aff_code: newAffCode() });
        return await this.find(Number(result.identifiers[0]?.id));
      } catch (error) {
        if (violatedUniqueConstraint(error) === 'uq_users_aff_code' && attempt < AFF_CODE_ATTEMPTS) continue;
        usernameConflict(error);
      }
    }
  }

  /**
   * Runs `change` on the user `id` inside a transaction holding the user's row lock. A missing
   * user is a NotFoundError; a deleted one cannot be changed.
   */
  async changeLocked<T>(id: number, change: (user: UserEntity, writer: UserWriter) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const user = await manager.getRepository(UserEntity).findOne({
          where: { id },
          withDeleted: true,
          lock: { mode: 'pessimistic_write' },
        });
        if (!user) throw new NotFoundError(UserAdminMessage.notFound, { code: 'user_not_found' });
        if (user.deleted_at) throw new PreconditionFailedError(UserAdminMessage.deleted, { code: 'user_deleted' });
        return change(user, new UserWriter(manager, id));
      });
    } catch (error) {
      return usernameConflict(error);
    }
  }
}

/** Writes to one locked user inside {@link UserAdminStore.changeLocked}. */
export class UserWriter {
  constructor(
    private readonly manager: EntityManager,
    private readonly id: number,
  ) {}

  /** Writes the given profile columns. */
  async profile(change: ProfileChange): Promise<void> {
    if (Object.keys(change).length > 0) await this.manager.update(UserEntity, { id: this.id }, change);
  }

  /** Writes role and status. */
  async roleAndStatus(role: number, status: number): Promise<void> {
    await this.manager.update(UserEntity, { id: this.id }, { role, status });
  }

  /** Soft-deletes the user: the row stays, so logs resolve and the username stays taken. */
  async softDelete(): Promise<void> {
    await this.manager.softDelete(UserEntity, { id: this.id });
  }
}
