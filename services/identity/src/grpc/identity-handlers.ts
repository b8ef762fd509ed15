import type { IdentityServiceDefinition } from '@modelgate/contracts';
import { type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { IdentityContext } from '../identity-context';
import { buildPublicStatus } from '../status/public-status';

/** Longest option key accepted (the options table's key column). */
const MAX_OPTION_KEY_LENGTH = 128;

/** `modelgate.identity.v1.IdentityService`. */
export function createIdentityHandlers(
  deps: Pick<IdentityContext, 'options' | 'status'>,
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
      return { options: Object.entries(deps.options.all()).map(([key, value]) => ({ key, value })) };
    },

    async UpdateOptions(request) {
      if (request.options.length === 0) throw new ValidationError('no options to update');
      const changes: Record<string, string> = {};
      for (const { key, value } of request.options) {
        if (key.trim() === '' || key.length > MAX_OPTION_KEY_LENGTH) {
          throw new ValidationError(`invalid option key ${JSON.stringify(key)}`, { code: 'invalid_option_key' });
        }
        changes[key] = value;
      }
      return { changed_keys: await deps.options.update(changes) };
    },
  };
}
