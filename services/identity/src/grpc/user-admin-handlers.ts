import type { UserAdminServiceDefinition } from '@modelgate/contracts';
import { type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { IdentityContext } from '../identity-context';
import { UserAdmin } from '../user-admin/user-admin';
import { INVALID_INPUT, UserAdminMessage } from '../user-admin/user-admin-messages';
import type { ManageAction } from '../user-admin/user-admin-rules';
import { positiveId } from '../user-admin/user-input';

/** Largest page of a user listing. */
const MAX_PAGE_SIZE = 100;
/** Longest search keyword (the longest searched column, email, is 255). */
const MAX_KEYWORD_LENGTH = 255;

const invalidUserId = () => new ValidationError(`${INVALID_INPUT}无效的用户 ID`, { code: 'invalid_user_id' });
/** The acting admin's id; edge always sends it, so a missing one is a caller's bug. */
const actorIdOf = (value: string) => positiveId(value, () => new ValidationError('actor_id is required'));

/** `modelgate.identity.v1.UserAdminService`: the wire side of {@link UserAdmin}. */
export function createUserAdminHandlers(
  context: IdentityContext,
): UnaryServiceImplementation<UserAdminServiceDefinition> {
  const admin = new UserAdmin(context);
  return {
    async GetUser(request) {
      const user = await admin.get(actorIdOf(request.actor_id), positiveId(request.user_id, invalidUserId));
      return { user };
    },

    async ListUsers(request) {
      const { page, page_size: pageSize } = request;
      if (!Number.isInteger(page) || page < 1) throw new ValidationError(`${INVALID_INPUT}页码必须是正整数`);
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
        throw new ValidationError(`${INVALID_INPUT}每页数量必须在 1 到 ${MAX_PAGE_SIZE} 之间`);
      }
      const keyword = request.keyword.trim();
      if (keyword.length > MAX_KEYWORD_LENGTH) throw new ValidationError(`${INVALID_INPUT}搜索关键字过长`);
      const { items, total } = await admin.list(actorIdOf(request.actor_id), {
        page,
        pageSize,
        keyword,
        group: request.group,
      });
      return { items, total, page, page_size: pageSize };
    },

    async CreateUser(request) {
      const user = await admin.create(actorIdOf(request.actor_id), {
        username: request.username,
        display_name: request.display_name,
        password: request.password,
        role: request.role,
      });
      return { user };
    },

    async UpdateUser(request) {
      const { user, passwordChanged } = await admin.update(
        actorIdOf(request.actor_id),
        positiveId(request.user_id, invalidUserId),
        request,
      );
      return { user, password_changed: passwordChanged };
    },

    async ManageUser(request) {
      if (request.action === 'USER_ACTION_UNSPECIFIED') {
        throw new ValidationError(UserAdminMessage.invalidAction, { code: 'invalid_action' });
      }
      const action: ManageAction = request.action;
      return admin.manage(actorIdOf(request.actor_id), positiveId(request.user_id, invalidUserId), action);
    },
  };
}
