/**
 * The `Channel` custom resource (`channels.modelgate.dev/v1alpha1`) as the operator reads and
 * writes it. The CRD file in charts/modelgate-crds is the definition; these types mirror the
 * fields the operator uses.
 */
import type { KubernetesObject } from '@kubernetes/client-node';

export const CHANNEL_GROUP = 'modelgate.dev';
export const CHANNEL_VERSION = 'v1alpha1';
export const CHANNEL_PLURAL = 'channels';
export const CHANNEL_KIND = 'Channel';
/** Finalizer that makes deleting a Channel wait until its deletion policy was applied. */
export const CHANNEL_FINALIZER = 'modelgate.dev/channel-cleanup';
/** Default data key of `spec.apiKeySecretRef.key`. */
export const DEFAULT_SECRET_KEY = 'apiKey';

export type DeletionPolicy = 'Delete' | 'Disable' | 'Orphan';

export interface ChannelSettings {
  organization?: string;
  apiVersion?: string;
  other?: string;
  maxInputTokens?: number;
  paramOverride?: Record<string, unknown>;
  /** Offer HTTP/2 to the channel's https upstream (docs/adr/0029). */
  upstreamHTTP2?: boolean;
}

/** The channel's traffic caps (docs/adr/0025); absent or 0 for no cap. */
export interface ChannelLimits {
  requestsPerMinute?: number;
  tokensPerMinute?: number;
  /** Requests in flight per relay replica; more wait in the channel's queue. */
  concurrency?: number;
  /** Connections per relay replica to the channel's upstream; more calls wait for one (docs/adr/0029). */
  upstreamConnections?: number;
}

export interface ChannelSpec {
  type: string;
  displayName?: string;
  baseURL?: string;
  models: string[];
  groups?: string[];
  priority?: number;
  weight?: number;
  modelMapping?: Record<string, string>;
  statusCodeMapping?: Record<string, string>;
  tag?: string;
  testModel?: string;
  autoBan?: boolean;
  disabled?: boolean;
  settings?: ChannelSettings;
  limits?: ChannelLimits;
  apiKeySecretRef: { name: string; key?: string };
  deletionPolicy?: DeletionPolicy;
}

export type ConditionStatus = 'True' | 'False' | 'Unknown';

/** `metav1.Condition`. */
export interface Condition {
  type: string;
  status: ConditionStatus;
  observedGeneration?: number;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

export type GatewayState = 'Enabled' | 'Disabled' | 'AutoDisabled';

export interface GatewayStatus {
  state?: GatewayState;
  reason?: string;
  responseTimeMs?: number;
  usedQuota?: number;
  lastTestTime?: string;
}

export interface ChannelStatus {
  observedGeneration?: number;
  channelId?: number;
  modelCount?: number;
  keyFingerprint?: string;
  lastSyncTime?: string;
  gateway?: GatewayStatus;
  conditions?: Condition[];
}

export interface ChannelResource extends KubernetesObject {
  spec: ChannelSpec;
  status?: ChannelStatus;
}

/** The queue key of an object: `namespace/name`. */
export function objectKey(object: KubernetesObject): string {
  return `${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''}`;
}

/** Splits a `namespace/name` key. */
export function splitKey(key: string): { namespace: string; name: string } {
  const slash = key.indexOf('/');
  return { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}
