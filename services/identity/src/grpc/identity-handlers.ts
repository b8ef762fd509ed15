import type { IdentityServiceDefinition } from '@modelgate/contracts';
import { DEFAULT_OPTIONS } from '@modelgate/db';
import { type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { IdentityContext } from '../identity-context';
import { validateOptionChanges } from '../options/option-validation';
import { authenticateSession } from '../sessions/session-authentication';
import { buildPublicStatus } from '../status/public-status';

/** Longest option key accepted (the options table's key column). */
const MAX_OPTION_KEY_LENGTH = 128;

/** `modelgate.identity.v1.IdentityService`. */
export function createIdentityHandlers(
  deps: Pick<IdentityContext, 'options' | 'status' | 'dataSource'>,
): UnaryServiceImplementation<IdentityServiceDefinition> {
  return {
    async GetPublicStatus() {
      return {
        status: {
          ...buildPublicStatus(deps.options, deps.status),
          // Root is created at first start, so the installation never needs a setup wizard.
          setup: true,
          enable_batch_update: false,
        },
      };
    },

    async ListOptions() {
      const options = Object.entries(deps.options.all()).map(([key, value]) => ({ key, value }));
      return { options: options.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) };
    },

    /**
     * The one way options are written from outside identity: the whole batch is validated (see
     * `validateOptionChanges`) before anything is stored, then stored and announced at once.
     */
    async UpdateOptions(request) {
      if (request.options.length === 0) throw new ValidationError('no options to update');
      const changes: Record<string, string> = {};
      for (const { key, value } of request.options) {
        if (key.trim() === '' || key.length > MAX_OPTION_KEY_LENGTH) {
          throw new ValidationError(`invalid option key ${JSON.stringify(key)}`, { code: 'invalid_option_key' });
        }
        changes[key] = value;
      }
      return { changed_keys: await deps.options.update(validateOptionChanges(changes, deps.options)) };
    },

    async ResetModelRatio() {
      const defaults = DEFAULT_OPTIONS.ModelRatio;
      if (defaults === undefined) throw new Error('DEFAULT_OPTIONS has no ModelRatio');
      return { changed_keys: await deps.options.update({ ModelRatio: defaults }) };
    },

    /** A console session presented to another service (the relay's playground); see `authenticateSession`. */
    async AuthenticateSession(request) {
      const user = await authenticateSession(deps.dataSource, request.session_token, request.user_id);
      return { user };
    },
  };
}
