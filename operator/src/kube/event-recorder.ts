/**
 * Kubernetes Events on Channels (`kubectl describe channel …`): what the operator did and why a
 * Channel is not Ready. Best effort: an Event that cannot be written is logged, never retried, and
 * never fails a reconcile. `flush()` waits for the ones in flight (shutdown, tests).
 */
import type { CoreV1Api } from '@kubernetes/client-node';
import type { Logger } from '@modelgate/runtime';
import type { ChannelResource } from '../resource/channel-resource';

export type EventType = 'Normal' | 'Warning';

export class EventRecorder {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly core: Pick<CoreV1Api, 'createNamespacedEvent'>,
    private readonly instance: string,
    private readonly logger: Logger,
  ) {}

  record(resource: ChannelResource, type: EventType, reason: string, message: string): void {
    const namespace = resource.metadata?.namespace ?? 'default';
    const now = new Date();
    const write = this.core
      .createNamespacedEvent({
        namespace,
        body: {
          metadata: { generateName: `${resource.metadata?.name ?? 'channel'}.`, namespace },
          involvedObject: {
            apiVersion: resource.apiVersion,
            kind: resource.kind ?? 'Channel',
            name: resource.metadata?.name,
            namespace,
            uid: resource.metadata?.uid,
            resourceVersion: resource.metadata?.resourceVersion,
          },
          type,
          reason,
          message: message.slice(0, 1024),
          source: { component: 'modelgate-operator' },
          reportingComponent: 'modelgate.dev/operator',
          reportingInstance: this.instance,
          firstTimestamp: now,
          lastTimestamp: now,
          count: 1,
        },
      })
      .then(
        () => undefined,
        (error: unknown) => this.logger.debug({ err: error, reason }, 'cannot record an Event'),
      );
    this.inFlight.add(write);
    void write.finally(() => this.inFlight.delete(write));
  }

  async flush(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }
}
