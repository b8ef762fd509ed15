import type {
  AccountServiceDefinition,
  BillingServiceDefinition,
  ChannelAdminServiceDefinition,
  ChannelProbeServiceDefinition,
  IdentityServiceDefinition,
  OAuthServiceDefinition,
  RedemptionServiceDefinition,
  RelayServiceDefinition,
  TaskServiceDefinition,
  TokenServiceDefinition,
  UsageQueryServiceDefinition,
  UserAdminServiceDefinition,
  WalletServiceDefinition,
} from '@modelgate/contracts';
import type { GrpcClient, Logger } from '@modelgate/runtime';
import type { RequestHandler } from 'express';
import type { RoleGuards } from './auth/authenticate';
import type { SessionStore } from './auth/session-store';
import type { PublicStatusCache } from './status/public-status-cache';

/** The gRPC clients `/api` routes call. One per service, shared by every request. */
export interface ApiClients {
  identity: GrpcClient<IdentityServiceDefinition>;
  accounts: GrpcClient<AccountServiceDefinition>;
  userAdmin: GrpcClient<UserAdminServiceDefinition>;
  oauth: GrpcClient<OAuthServiceDefinition>;
  billing: GrpcClient<BillingServiceDefinition>;
  relay: GrpcClient<RelayServiceDefinition>;
  /** relay's channel tests and balance queries. */
  channelProbe: GrpcClient<ChannelProbeServiceDefinition>;
  /** relay's channel administration (list, edit, tags, abilities, model lists). */
  channelAdmin: GrpcClient<ChannelAdminServiceDefinition>;
  /** billing's usage queries: logs, statistics, dashboard totals, prices. */
  usage: GrpcClient<UsageQueryServiceDefinition>;
  /** billing's redemption codes (admin). */
  redemptions: GrpcClient<RedemptionServiceDefinition>;
  /** billing's wallet: redeeming, online top-up orders and payment notices. */
  wallet: GrpcClient<WalletServiceDefinition>;
  /** identity's tokens, always scoped to their owner. */
  tokens: GrpcClient<TokenServiceDefinition>;
  /** task's drawing, music and lyrics task lists, scoped to the caller. */
  task: GrpcClient<TaskServiceDefinition>;
}

/** Request guards that protect abuse-prone routes (rate limits, the human check). */
export interface ProtectionGuards {
  /** The strict per-client limit on sign-in, registration, verification and reset routes. */
  critical: RequestHandler;
  /** Verifies `?turnstile=` when the human check is enabled; passes otherwise. */
  turnstile: RequestHandler;
}

/** Everything the `/api` route factories are built from. */
export interface ApiDeps {
  logger: Logger;
  sessions: SessionStore;
  /** `guards.user`, `guards.admin`, `guards.root`: authentication plus a minimum role. */
  guards: RoleGuards;
  protect: ProtectionGuards;
  clients: ApiClients;
  statusCache: PublicStatusCache;
}
