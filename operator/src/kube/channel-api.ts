/**
 * The Kubernetes calls the operator makes, over client-node: list functions for the informers,
 * the finalizer (JSON patches guarded by a resourceVersion `test`, so a concurrent writer makes
 * them fail with 409/422 instead of being overwritten) and the status subresource.
 */
import {
  CoreV1Api,
  CustomObjectsApi,
  type KubeConfig,
  type KubernetesListObject,
  PatchStrategy,
  setHeaderOptions,
  type V1Secret,
} from '@kubernetes/client-node';
import { CHANNEL_FINALIZER, CHANNEL_GROUP, CHANNEL_PLURAL, CHANNEL_VERSION, type ChannelResource, type ChannelStatus } from '../resource/channel-resource';

const jsonPatch = setHeaderOptions('Content-Type', PatchStrategy.JsonPatch);
const base = { group: CHANNEL_GROUP, version: CHANNEL_VERSION, plural: CHANNEL_PLURAL };

/** The HTTP status of a failed client-node call, if it has one. */
export function apiStatusCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | undefined)?.code ?? (error as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

export class ChannelApi {
  private readonly objects: CustomObjectsApi;
  private readonly core: CoreV1Api;

  constructor(kubeConfig: KubeConfig) {
    this.objects = kubeConfig.makeApiClient(CustomObjectsApi);
    this.core = kubeConfig.makeApiClient(CoreV1Api);
  }

  /** Informer watch path of Channels (every namespace when `namespace` is undefined). */
  static channelsPath(namespace?: string): string {
    return namespace ? `/apis/${CHANNEL_GROUP}/${CHANNEL_VERSION}/namespaces/${namespace}/${CHANNEL_PLURAL}` : `/apis/${CHANNEL_GROUP}/${CHANNEL_VERSION}/${CHANNEL_PLURAL}`;
  }

  static secretsPath(namespace?: string): string {
    return namespace ? `/api/v1/namespaces/${namespace}/secrets` : '/api/v1/secrets';
  }

  listChannels(namespace?: string): Promise<KubernetesListObject<ChannelResource>> {
    const call = namespace ? this.objects.listNamespacedCustomObject({ ...base, namespace }) : this.objects.listClusterCustomObject(base);
    return call as Promise<KubernetesListObject<ChannelResource>>;
  }

  listSecrets(namespace?: string): Promise<KubernetesListObject<V1Secret>> {
    return namespace ? this.core.listNamespacedSecret({ namespace }) : this.core.listSecretForAllNamespaces();
  }

  /** Adds the operator's finalizer; fails (409/422) if the object changed since `resource` was read. */
  async addFinalizer(resource: ChannelResource): Promise<ChannelResource> {
    const finalizers = resource.metadata?.finalizers;
    const operations = [
      { op: 'test', path: '/metadata/resourceVersion', value: resource.metadata?.resourceVersion },
      finalizers ? { op: 'add', path: '/metadata/finalizers/-', value: CHANNEL_FINALIZER } : { op: 'add', path: '/metadata/finalizers', value: [CHANNEL_FINALIZER] },
    ];
    return (await this.objects.patchNamespacedCustomObject({ ...base, ...this.names(resource), body: operations }, jsonPatch)) as ChannelResource;
  }

  /** Removes the operator's finalizer (guarded the same way); a missing object is fine. */
  async removeFinalizer(resource: ChannelResource): Promise<void> {
    const index = resource.metadata?.finalizers?.indexOf(CHANNEL_FINALIZER) ?? -1;
    if (index < 0) return;
    const operations = [
      { op: 'test', path: '/metadata/resourceVersion', value: resource.metadata?.resourceVersion },
      { op: 'remove', path: `/metadata/finalizers/${index}` },
    ];
    try {
      await this.objects.patchNamespacedCustomObject({ ...base, ...this.names(resource), body: operations }, jsonPatch);
    } catch (error) {
      if (apiStatusCode(error) !== 404) throw error;
    }
  }

  /** Replaces the status through the status subresource; false when the object is gone. */
  async writeStatus(resource: ChannelResource, status: ChannelStatus): Promise<boolean> {
    try {
      await this.objects.patchNamespacedCustomObjectStatus(
        { ...base, ...this.names(resource), body: [{ op: 'add', path: '/status', value: status }] },
        jsonPatch,
      );
      return true;
    } catch (error) {
      if (apiStatusCode(error) === 404) return false;
      throw error;
    }
  }

  private names(resource: ChannelResource): { namespace: string; name: string } {
    return { namespace: resource.metadata?.namespace ?? '', name: resource.metadata?.name ?? '' };
  }
}
