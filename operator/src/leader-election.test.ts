/**
 * Leader election on a Lease in the fake API server: one of two operators writes, the other waits;
 * a stopping leader releases the Lease and the other takes over; a partitioned leader stops
 * leading before anyone else can start.
 */
import { CoordinationV1Api, KubeConfig } from '@kubernetes/client-node';
import { LeaderElector } from './kube/leader-election';
import {
  createChannel,
  createKeySecret,
  logger,
  rowOf,
  useOperatorStack,
  waitForCondition,
} from '@modelgate/testkit/operator';
import { waitFor } from '@modelgate/testkit/kube';

jest.setTimeout(60_000);

const stack = useOperatorStack();
const ns = 'election';
const timings = { leaseDurationMs: 3000, renewDeadlineMs: 2000, retryPeriodMs: 250 };

function election(identity: string, leaseName = 'modelgate-operator') {
  return { leaderElection: { leaseName, leaseNamespace: 'kube-system', identity, ...timings } };
}

describe('leader election', () => {
  test('two operators, one Lease: only the leader reconciles and writes; failover when it stops', async () => {
    const first = await stack.startOperator(election('pod-a'));
    await waitFor(() => first.isLeader(), 5000, 'pod-a leads');
    const second = await stack.startOperator(election('pod-b'));
    await createKeySecret(stack, ns, 'one-key', 'sk-one');
    await createChannel(stack, ns, 'one');
    await waitForCondition(stack, ns, 'one', 'Ready', 'True');
    await new Promise((resolve) => setTimeout(resolve, timings.leaseDurationMs + 500)); // longer than a Lease term
    expect(first.isLeader()).toBe(true);
    expect(second.isLeader()).toBe(false);
    expect(second.activeController).toBeUndefined();
    expect(await second.metrics.total(second.metrics.reconciles)).toBe(0);
    expect(await second.metrics.total(second.metrics.channelWrites)).toBe(0);
    expect((await first.metrics.leader.get()).values[0]?.value).toBe(1);
    expect((await second.metrics.leader.get()).values[0]?.value).toBe(0);

    await first.stop();
    await waitFor(() => second.isLeader(), 5000, 'pod-b takes over after the release');
    await createKeySecret(stack, ns, 'two-key', 'sk-two');
    await createChannel(stack, ns, 'two');
    await waitForCondition(stack, ns, 'two', 'Ready', 'True');
    expect((await rowOf(stack, ns, 'two'))?.key).toBe('sk-two');
    expect(await second.metrics.total(second.metrics.channelWrites)).toBeGreaterThanOrEqual(1);
    const lease = new KubeConfig();
    lease.loadFromOptions(stack.fake().kubeConfigOptions());
    const stored = await lease.makeApiClient(CoordinationV1Api).readNamespacedLease({ name: 'modelgate-operator', namespace: 'kube-system' });
    expect(stored.spec).toMatchObject({ holderIdentity: 'pod-b', leaseTransitions: 1 });
  });

  test('a partitioned leader stops leading before another candidate takes over; never two leaders', async () => {
    const kc = new KubeConfig();
    kc.loadFromOptions(stack.fake().kubeConfigOptions());
    const api = kc.makeApiClient(CoordinationV1Api);
    let partitioned = false;
    const cut = <T>(call: () => Promise<T>): Promise<T> => (partitioned ? Promise.reject(new Error('network partition')) : call());
    const partitionable = {
      readNamespacedLease: (request: Parameters<typeof api.readNamespacedLease>[0]) => cut(() => api.readNamespacedLease(request)),
      createNamespacedLease: (request: Parameters<typeof api.createNamespacedLease>[0]) => cut(() => api.createNamespacedLease(request)),
      replaceNamespacedLease: (request: Parameters<typeof api.replaceNamespacedLease>[0]) => cut(() => api.replaceNamespacedLease(request)),
    };
    const transitions: string[] = [];
    const make = (identity: string, leases: typeof partitionable) =>
      new LeaderElector({
        leases: leases as never,
        namespace: 'kube-system',
        name: 'partition-lease',
        identity,
        ...timings,
        logger,
        onStartedLeading: () => transitions.push(`${identity} started`),
        onStoppedLeading: () => transitions.push(`${identity} stopped`),
      });
    const a = make('a', partitionable);
    const b = make('b', { readNamespacedLease: (r) => api.readNamespacedLease(r), createNamespacedLease: (r) => api.createNamespacedLease(r), replaceNamespacedLease: (r) => api.replaceNamespacedLease(r) });
    let overlap = false;
    const sampler = setInterval(() => {
      if (a.isLeader() && b.isLeader()) overlap = true;
    }, 10);
    try {
      a.start();
      await waitFor(() => a.isLeader(), 5000, 'a leads');
      b.start();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(b.isLeader()).toBe(false);
      partitioned = true;
      await waitFor(() => b.isLeader(), 10_000, 'b takes over after the lease expired');
      expect(a.isLeader()).toBe(false);
      expect(transitions).toEqual(['a started', 'a stopped', 'b started']);
      expect(overlap).toBe(false);
    } finally {
      clearInterval(sampler);
      await a.stop();
      await b.stop();
    }
  });
});
