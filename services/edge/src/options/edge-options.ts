import type { TypedOptionReader } from '@modelgate/db';

/**
 * Read access to edge's copy of the options (the shared `OptionCache` of `@modelgate/db`); what
 * routes and guards depend on.
 */
export type EdgeOptionReader = Pick<TypedOptionReader, 'value'>;
