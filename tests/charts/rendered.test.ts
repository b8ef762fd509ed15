import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isBuiltin, validateBuiltins } from './support/builtin-models';
import { channelValidator } from './support/crd';
import { APP_CHART, CI_VALUES, RELEASE, ensureHelm, find, type K8sObject, ofKind, selects } from './support/helm';
import { COMPONENTS, containerPorts, env, name, rendered } from './support/rendered';

// The rendered output of every CI values file, checked the way a cluster (and a reviewer) would:
// kinds and API versions, selectors against labels, ports across Services, Deployments, probes and
// the Ingress, secret references, RBAC scope, hooks, and Channels against the CRD's schema.

beforeAll(() => ensureHelm(), 120_000);

const API_VERSIONS: Record<string, string> = {
  Deployment: 'apps/v1',
  Service: 'v1',
  ServiceAccount: 'v1',
  Secret: 'v1',
  Pod: 'v1',
  Job: 'batch/v1',
  PodDisruptionBudget: 'policy/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
  Ingress: 'networking.k8s.io/v1',
  NetworkPolicy: 'networking.k8s.io/v1',
  ClusterRole: 'rbac.authorization.k8s.io/v1',
  ClusterRoleBinding: 'rbac.authorization.k8s.io/v1',
  Role: 'rbac.authorization.k8s.io/v1',
  RoleBinding: 'rbac.authorization.k8s.io/v1',
  ServiceMonitor: 'monitoring.coreos.com/v1',
  Channel: 'modelgate.dev/v1alpha1',
};
const CLUSTER_SCOPED = new Set(['ClusterRole', 'ClusterRoleBinding']);
describe.each(CI_VALUES.map((v) => v.name))('rendered with ci/%s-values.yaml', (values) => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = rendered(values);
  });

  it('has only known kinds at their API versions, named, labelled and namespaced', () => {
    for (const obj of objects) {
      const id = `${obj.kind}/${obj.metadata?.name}`;
      expect({ id, apiVersion: obj.apiVersion }).toEqual({ id, apiVersion: API_VERSIONS[obj.kind] });
      expect(obj.metadata.name).toMatch(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/);
      expect(obj.metadata.labels).toMatchObject({ 'app.kubernetes.io/instance': RELEASE, 'app.kubernetes.io/part-of': 'modelgate' });
      if (CLUSTER_SCOPED.has(obj.kind)) expect(obj.metadata.namespace).toBeUndefined();
      else expect({ id, namespace: typeof obj.metadata.namespace }).toEqual({ id, namespace: 'string' });
    }
    const names = objects.map((o) => `${o.kind}/${o.metadata.namespace}/${o.metadata.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it('renders every built-in object valid against the Kubernetes schema of its kind', () => {
    const builtins = objects.filter(isBuiltin);
    expect(builtins.length).toBeGreaterThan(10);
    const results = validateBuiltins(builtins);
    expect(results).toHaveLength(builtins.length);
    expect(results.filter(([, problems]) => problems.length > 0)).toEqual([]);
  });

  it('would notice a built-in object that breaks its schema', () => {
    const deployment = find(objects, 'Deployment', name('relay'));
    const broken = { ...deployment, spec: { ...deployment.spec, replicas: 'two' } };
    const [[, problems]] = validateBuiltins([broken]);
    expect(problems.join('\n')).toMatch(/replicas must be integer/);
  });

  it('runs one Deployment per service from one image, each picking its entry point', () => {
    const deployments = ofKind(objects, 'Deployment');
    expect(deployments.map((d) => d.metadata.labels['app.kubernetes.io/component']).sort()).toEqual([...COMPONENTS].sort());
    const images = new Set(deployments.map((d) => d.spec.template.spec.containers[0].image));
    expect(images.size).toBe(1);
    for (const deployment of deployments) {
      const component = deployment.metadata.labels['app.kubernetes.io/component'];
      const args = deployment.spec.template.spec.containers[0].args as string[];
      const entry = component === 'operator' ? 'operator/dist/main.js' : `services/${component}/dist/main.js`;
      expect(args[args.length - 1]).toBe(entry);
    }
    const relayArgs = find(objects, 'Deployment', name('relay')).spec.template.spec.containers[0].args;
    expect(relayArgs[0]).toMatch(/^--max-old-space-size=\d+$/);
  });

  it('selects its own pods, runs them non-root on a read-only root with no capabilities', () => {
    for (const deployment of ofKind(objects, 'Deployment')) {
      const pod = deployment.spec.template;
      expect(selects(deployment.spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
      expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      const container = pod.spec.containers[0];
      expect(container.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(container.resources.requests).toEqual(expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }));
      expect(container.resources.limits.memory).toBeDefined();
      const tokenWanted = deployment.metadata.name === name('operator');
      expect(pod.spec.automountServiceAccountToken).toBe(tokenWanted);
      expect(pod.metadata.annotations['checksum/config']).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('probes every container on a port it declares: HTTP on edge and the operator, gRPC health elsewhere', () => {
    for (const deployment of ofKind(objects, 'Deployment')) {
      const component = deployment.metadata.labels['app.kubernetes.io/component'];
      const container = deployment.spec.template.spec.containers[0];
      const ports = containerPorts(deployment);
      for (const kind of ['livenessProbe', 'readinessProbe']) {
        const probe = container[kind];
        expect({ component, kind, present: Boolean(probe) }).toEqual({ component, kind, present: true });
        if (component === 'edge' || component === 'operator') {
          expect(ports.has(probe.httpGet.port)).toBe(true);
          expect(probe.httpGet.path).toBe(kind === 'livenessProbe' ? '/healthz' : '/readyz');
        } else {
          expect(probe.grpc.port).toBe(ports.get('grpc'));
          expect(container.startupProbe.grpc.port).toBe(ports.get('grpc'));
        }
      }
    }
  });

  it('gives every service its PostgreSQL and NATS from Secrets and its peers by Service name and port', () => {
    const services = ofKind(objects, 'Service');
    for (const deployment of ofKind(objects, 'Deployment')) {
      const vars = env(deployment);
      for (const secretVar of ['DATABASE_URL', 'NATS_URL']) {
        const entry = vars.get(secretVar);
        expect(entry?.value).toBeUndefined();
        expect(entry?.valueFrom.secretKeyRef).toEqual({ name: expect.any(String), key: expect.any(String) });
      }
      for (const [varName, entry] of vars) {
        if (!varName.endsWith('_GRPC_ADDR')) continue;
        const [host, port] = (entry.value as string).split(':');
        const service = services.find((s) => s.metadata.name === host);
        expect({ varName, service: Boolean(service) }).toEqual({ varName, service: true });
        expect(service?.spec.ports.map((p: K8sObject) => String(p.port))).toContain(port);
      }
      const component = deployment.metadata.labels['app.kubernetes.io/component'];
      const grpcPort = containerPorts(deployment).get('grpc');
      if (grpcPort) expect(vars.get('GRPC_PORT')?.value).toBe(String(grpcPort));
      const httpPort = containerPorts(deployment).get('http');
      if (httpPort) expect(vars.get('PORT')?.value).toBe(String(httpPort));
      const sessionUsers = ['edge', 'identity'];
      expect(vars.has('SESSION_SECRET')).toBe(sessionUsers.includes(component));
    }
    const edge = env(find(objects, 'Deployment', name('edge')));
    expect([...edge.keys()]).toEqual(expect.arrayContaining(['IDENTITY_GRPC_ADDR', 'BILLING_GRPC_ADDR', 'RELAY_GRPC_ADDR']));
    // The relay reserves quota through billing and checks the playground's sessions through identity.
    const relay = env(find(objects, 'Deployment', name('relay')));
    expect([...relay.keys()]).toEqual(expect.arrayContaining(['IDENTITY_GRPC_ADDR', 'BILLING_GRPC_ADDR']));
  });

  it('resolves every Secret reference to a rendered Secret or one the values name as existing', () => {
    const rendered = new Map(ofKind(objects, 'Secret').map((s) => [s.metadata.name, s]));
    for (const workload of [...ofKind(objects, 'Deployment'), ...ofKind(objects, 'Job')]) {
      for (const entry of workload.spec.template.spec.containers[0].env as K8sObject[]) {
        const ref = entry.valueFrom?.secretKeyRef;
        if (!ref) continue;
        const secret = rendered.get(ref.name);
        if (secret) expect(Object.keys({ ...secret.data, ...secret.stringData })).toContain(ref.key);
        else expect(ref.name).toMatch(/^modelgate-(database|nats|session|grpc)$/);
      }
    }
  });

  it('puts a Service in front of each Deployment whose ports target declared container ports', () => {
    for (const service of ofKind(objects, 'Service')) {
      const targets = ofKind(objects, 'Deployment').filter((d) => selects(service.spec.selector, d.spec.template.metadata.labels));
      expect({ service: service.metadata.name, targets: targets.length }).toEqual({ service: service.metadata.name, targets: 1 });
      const ports = containerPorts(targets[0] as K8sObject);
      for (const port of service.spec.ports as K8sObject[]) {
        expect(ports.get(port.targetPort)).toBe(port.port);
        if (port.name === 'grpc') expect(port.appProtocol).toBe('grpc');
      }
    }
  });

  it('scales edge and relay by HPA or replicas, and guards every service with a PDB', () => {
    for (const hpa of ofKind(objects, 'HorizontalPodAutoscaler')) {
      const target = find(objects, 'Deployment', hpa.spec.scaleTargetRef.name);
      expect(target.spec.replicas).toBeUndefined();
      expect(['edge', 'relay']).toContain(target.metadata.labels['app.kubernetes.io/component']);
    }
    for (const pdb of ofKind(objects, 'PodDisruptionBudget')) {
      const targets = ofKind(objects, 'Deployment').filter((d) => selects(pdb.spec.selector.matchLabels, d.spec.template.metadata.labels));
      expect(targets).toHaveLength(1);
    }
    expect(ofKind(objects, 'PodDisruptionBudget')).toHaveLength(5);
    const relay = find(objects, 'Deployment', name('relay'));
    const spread = relay.spec.template.spec.topologySpreadConstraints as K8sObject[];
    expect(spread.map((c) => c.topologyKey)).toEqual(['topology.kubernetes.io/zone', 'kubernetes.io/hostname']);
    for (const constraint of spread) expect(selects(constraint.labelSelector.matchLabels, relay.spec.template.metadata.labels)).toBe(true);
  });

  it('runs the migrations as a pre-install/pre-upgrade hook Job with its database URL at hand', () => {
    const job = find(objects, 'Job', `${RELEASE}-migrations`);
    expect(job.metadata.annotations).toMatchObject({
      'helm.sh/hook': 'pre-install,pre-upgrade',
      'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded',
    });
    const container = job.spec.template.spec.containers[0];
    expect(container.args).toEqual(['packages/db/dist/cli/migrate.js', 'up']);
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    const ref = container.env.find((e: K8sObject) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef;
    const hookSecret = ofKind(objects, 'Secret').find((s) => s.metadata.name === ref.name);
    if (hookSecret) {
      // The release's own Secret does not exist yet when a pre-install hook runs.
      expect(hookSecret.metadata.annotations['helm.sh/hook']).toBe('pre-install,pre-upgrade');
      expect(Number(hookSecret.metadata.annotations['helm.sh/hook-weight'])).toBeLessThan(
        Number(job.metadata.annotations['helm.sh/hook-weight']),
      );
    } else {
      expect(ref.name).toBe('modelgate-database');
    }
  });

  it('keeps hook objects apart from the release: only the migration pieces and the helm test are hooks', () => {
    const hooks = objects.filter((o) => o.metadata.annotations?.['helm.sh/hook']);
    for (const hook of hooks) {
      const kind = hook.metadata.annotations['helm.sh/hook'];
      if (kind === 'test') expect(hook.metadata.labels['app.kubernetes.io/component']).toBe('test');
      else expect(hook.metadata.name).toBe(`${RELEASE}-migrations`);
    }
  });

  it('validates every Channel from values against the CRD schema, with keys only by reference', () => {
    const validate = channelValidator();
    for (const channel of ofKind(objects, 'Channel')) {
      const ok = validate(structuredClone(channel));
      expect({ channel: channel.metadata.name, errors: ok ? [] : validate.errors }).toEqual({ channel: channel.metadata.name, errors: [] });
      expect(Object.keys(channel.spec)).not.toContain('apiKey');
    }
  });
});

describe('the Ingress', () => {
  it.each(['ha', 'namespaced'])('sends the data plane to relay and the rest to edge (%s)', (values) => {
    const objects = rendered(values);
    const ingress = find(objects, 'Ingress', RELEASE);
    for (const rule of ingress.spec.rules as K8sObject[]) {
      const routes = Object.fromEntries(
        (rule.http.paths as K8sObject[]).map((p) => {
          expect(p.pathType).toBe('Prefix');
          return [p.path, p.backend.service.name];
        }),
      );
      expect(routes).toEqual({
        '/v1': name('relay'),
        '/v1beta': name('relay'),
        '/pg': name('relay'),
        '/mj': name('relay'),
        '/mj-fast': name('relay'),
        '/mj-relax': name('relay'),
        '/mj-turbo': name('relay'),
        '/suno': name('relay'),
        '/dashboard': name('relay'),
        '/': name('edge'),
      });
      for (const p of rule.http.paths as K8sObject[]) {
        const service = find(objects, 'Service', p.backend.service.name);
        expect(service.spec.ports.map((port: K8sObject) => port.name)).toContain(p.backend.service.port.name);
      }
    }
    expect(ingress.spec.rules[0].host).toBe(values === 'ha' ? 'gateway.example.com' : undefined);
  });

  it('uses the prefixes the relay itself serves', () => {
    const source = readFileSync(path.join(APP_CHART, '../../services/relay/src/http/relay-paths.ts'), 'utf8');
    const listed = /RELAY_PATH_PREFIXES = \[([^\]]*)\]/.exec(source)?.[1] ?? '';
    const prefixes = [...listed.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    const paths = (find(rendered('ha'), 'Ingress', RELEASE).spec.rules[0].http.paths as K8sObject[]).map((p) => p.path);
    expect(paths.filter((p) => p !== '/')).toEqual(prefixes);
  });
});
