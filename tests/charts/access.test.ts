import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_CHART, NAMESPACE, RELEASE, ensureHelm, find, type K8sObject, ofKind, selects } from './support/helm';
import { env, name, rendered } from './support/rendered';

// Who may do what: the operator's RBAC per values, the accounts of the other services, the
// session secret, the helm test's account, and the ServiceMonitor.

beforeAll(() => ensureHelm(), 120_000);

describe('operator RBAC', () => {
  const channelRules = [
    { apiGroups: ['modelgate.dev'], resources: ['channels'], verbs: ['get', 'list', 'watch', 'update', 'patch'] },
    { apiGroups: ['modelgate.dev'], resources: ['channels/status'], verbs: ['get', 'update', 'patch'] },
    { apiGroups: ['modelgate.dev'], resources: ['channels/finalizers'], verbs: ['update'] },
    { apiGroups: [''], resources: ['secrets'], verbs: ['get', 'list', 'watch'] },
    { apiGroups: ['', 'events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] },
  ];

  it('is a ClusterRole bound to the operator account when no namespaces are listed', () => {
    const objects = rendered('default');
    const role = find(objects, 'ClusterRole', name('operator'));
    expect(role.rules).toEqual(channelRules);
    const binding = find(objects, 'ClusterRoleBinding', name('operator'));
    expect(binding.roleRef).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: name('operator') });
    const account = find(objects, 'Deployment', name('operator')).spec.template.spec.serviceAccountName;
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: account, namespace: NAMESPACE }]);
    find(objects, 'ServiceAccount', account);
  });

  it('is a Role per watched namespace and nothing cluster-wide when namespaces are listed', () => {
    const objects = rendered('namespaced');
    expect(ofKind(objects, 'ClusterRole')).toEqual([]);
    expect(ofKind(objects, 'ClusterRoleBinding')).toEqual([]);
    const roles = ofKind(objects, 'Role').filter((r) => r.metadata.name === name('operator'));
    expect(roles.map((r) => r.metadata.namespace)).toEqual(['team-a', 'team-b']);
    for (const role of roles) expect(role.rules).toEqual(channelRules);
    const bindings = ofKind(objects, 'RoleBinding').filter((r) => r.metadata.name === name('operator'));
    expect(bindings.map((b) => [b.metadata.namespace, b.roleRef.kind, b.subjects[0].namespace])).toEqual([
      ['team-a', 'Role', NAMESPACE],
      ['team-b', 'Role', NAMESPACE],
    ]);
    const operator = env(find(objects, 'Deployment', name('operator')));
    expect(operator.get('WATCH_NAMESPACES')?.value).toBe('team-a,team-b');
    expect(operator.get('LEADER_ELECTION')?.value).toBe('false');
    expect(find(objects, 'Deployment', name('operator')).spec.strategy).toEqual({ type: 'Recreate' });
    // Without leader election there is no Lease to touch.
    expect(objects.filter((o) => o.metadata.name.endsWith('leader-election'))).toEqual([]);
  });

  it('may create the Lease and renew only its own, in the release namespace', () => {
    const objects = rendered('ha');
    const lease = find(objects, 'Role', `${name('operator')}-leader-election`);
    expect(lease.metadata.namespace).toBe(NAMESPACE);
    expect(lease.rules).toEqual([
      { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['create'] },
      { apiGroups: ['coordination.k8s.io'], resources: ['leases'], resourceNames: [name('operator')], verbs: ['get', 'update'] },
    ]);
    const operator = find(objects, 'Deployment', name('operator'));
    expect(operator.spec.replicas).toBe(2);
    expect(env(operator).get('LEASE_NAME')?.value).toBe(name('operator'));
  });

  it('lets the other services reach no Kubernetes API at all', () => {
    const objects = rendered('default');
    const account = find(objects, 'ServiceAccount', RELEASE);
    expect(account.automountServiceAccountToken).toBe(false);
    const bound = [...ofKind(objects, 'RoleBinding'), ...ofKind(objects, 'ClusterRoleBinding')].flatMap((b) => b.subjects);
    expect(bound.map((s: K8sObject) => s.name)).not.toContain(RELEASE);
  });
});

describe('the session secret', () => {
  it('is generated once and looked up on later upgrades', () => {
    const template = readFileSync(path.join(APP_CHART, 'templates/session-secret.yaml'), 'utf8');
    expect(template).toMatch(/lookup "v1" "Secret" \.Release\.Namespace \$name/);
    const secret = find(rendered('default'), 'Secret', `${RELEASE}-session`);
    const value = Buffer.from(secret.data.SESSION_SECRET, 'base64').toString();
    expect(value).toMatch(/^[A-Za-z0-9]{64}$/);
  });

  it('is not rendered when an existing Secret is named', () => {
    const objects = rendered('ha');
    expect(ofKind(objects, 'Secret').map((s) => s.metadata.name)).not.toContain(`${RELEASE}-session`);
    const ref = env(find(objects, 'Deployment', name('edge'))).get('SESSION_SECRET')?.valueFrom.secretKeyRef;
    expect(ref).toEqual({ name: 'modelgate-session', key: 'SESSION_SECRET' });
  });
});

describe('helm test', () => {
  it('waits for the Deployments and for every namespace holding Channels from values', () => {
    const objects = rendered('with-channels');
    const pod = find(objects, 'Pod', `${RELEASE}-test`);
    expect(pod.metadata.annotations['helm.sh/hook']).toBe('test');
    const waits = (pod.spec.containers as K8sObject[]).map((c) => c.args.filter((a: string) => !a.startsWith('--timeout')));
    expect(waits).toEqual([
      ['wait', 'deployments', '--for=condition=Available', `--selector=app.kubernetes.io/instance=${RELEASE}`, `--namespace=${NAMESPACE}`],
      ['wait', 'channels.modelgate.dev', '--for=condition=Ready', `--selector=app.kubernetes.io/instance=${RELEASE}`, `--namespace=${NAMESPACE}`],
      ['wait', 'channels.modelgate.dev', '--for=condition=Ready', `--selector=app.kubernetes.io/instance=${RELEASE}`, '--namespace=team-a'],
    ]);
    const account = pod.spec.serviceAccountName;
    const roles = ofKind(objects, 'Role').filter((r) => r.metadata.name === account);
    expect(Object.fromEntries(roles.map((r) => [r.metadata.namespace, r.rules]))).toEqual({
      [NAMESPACE]: [
        { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'list', 'watch'] },
        { apiGroups: ['modelgate.dev'], resources: ['channels'], verbs: ['get', 'list', 'watch'] },
      ],
      'team-a': [{ apiGroups: ['modelgate.dev'], resources: ['channels'], verbs: ['get', 'list', 'watch'] }],
    });
    for (const obj of [find(objects, 'ServiceAccount', account), ...roles]) {
      expect(obj.metadata.annotations['helm.sh/hook']).toBe('test');
    }
  });
});

describe('the ServiceMonitor', () => {
  it('scrapes the operator’s metrics port when enabled', () => {
    const objects = rendered('ha');
    const monitor = find(objects, 'ServiceMonitor', name('operator'));
    expect(monitor.metadata.labels.release).toBe('prometheus');
    const service = find(objects, 'Service', name('operator'));
    expect(selects(monitor.spec.selector.matchLabels, service.metadata.labels)).toBe(true);
    expect(service.spec.ports.map((p: K8sObject) => p.name)).toContain(monitor.spec.endpoints[0].port);
    expect(ofKind(rendered('default'), 'ServiceMonitor')).toEqual([]);
  });
});
