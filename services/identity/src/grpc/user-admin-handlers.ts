import type { UserAdminServiceDefinition } from '@modelgate/contracts';
import { UserEntity } from '@modelgate/db';
import { NotFoundError, type UnaryServiceImplementation } from '@modelgate/runtime';
import type { IdentityContext } from '../identity-context';
import { toUserMessage } from '../users/user-view';

/** `modelgate.identity.v1.UserAdminService`. */
export function createUserAdminHandlers(
  context: IdentityContext,
): UnaryServiceImplementation<UserAdminServiceDefinition> {
  const users = context.dataSource.getRepository(UserEntity);
  return {
    async GetUser(request) {
      const user = await users.findOne({ where: { id: Number(request.user_id) }, withDeleted: true });
      if (!user) throw new NotFoundError('user not found', { code: 'user_not_found' });
      return { user: toUserMessage(user, { includeAccessToken: false }) };
    },
  };
}
