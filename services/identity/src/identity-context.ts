import type { BillingServiceDefinition } from '@modelgate/contracts';
import type { MessageBus } from '@modelgate/contracts/bus';
import type { GrpcClient, Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import type { OAuthProviderSettings } from './oauth/provider-config';
import type { OptionStore } from './options/option-store';
import type { StatusContext } from './status/public-status';

/**
 * What identity's gRPC handlers are built from. One context is created by the composition root
 * and handed to every handler factory (options, accounts, user admin, OAuth).
 */
export interface IdentityContext {
  logger: Logger;
  dataSource: DataSource;
  bus: MessageBus;
  /** Options in memory, kept current by `option.changed` events. */
  options: OptionStore;
  /** Billing owns every balance column: rewards, quota changes and transfers go through it. */
  billing: GrpcClient<BillingServiceDefinition>;
  status: StatusContext;
  /** Where third-party sign-in reaches GitHub and LinuxDO, and how long it waits for them. */
  providers: OAuthProviderSettings;
}
