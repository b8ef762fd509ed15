import type { IdentityServiceDefinition } from '@modelgate/contracts';
import type { GrpcClient } from '@modelgate/runtime';

/** Read access to edge's copy of the options; what routes and guards depend on. */
export interface EdgeOptionReader {
  /** The option's current value; empty when unknown. */
  get(key: string): string;
}

/**
 * The options edge needs at request time (human check, rate limits, sign-in switches), held in
 * memory: loaded from identity at start and updated from `option.changed` events.
 */
export class EdgeOptions implements EdgeOptionReader {
  private values = new Map<string, string>();

  constructor(private readonly identity: GrpcClient<IdentityServiceDefinition>) {}

  async load(): Promise<void> {
    const { options } = await this.identity.call('ListOptions', {});
    this.values = new Map(options.map((option) => [option.key, option.value]));
  }

  apply(changed: Record<string, string>): void {
    for (const [key, value] of Object.entries(changed)) this.values.set(key, value);
  }

  get(key: string): string {
    return this.values.get(key) ?? '';
  }
}
