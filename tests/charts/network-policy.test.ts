import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_CHART, CI_VALUES, RELEASE, ensureHelm, find, type K8sObject, ofKind, render, selects } from './support/helm';
import { COMPONENTS, containerPorts, env, name, rendered } from './support/rendered';

// Service-to-service security in the chart (docs/adr/0020-service-authentication.md): a
// NetworkPolicy per component admitting only its expected callers on its own ports, and the gRPC
// secret every service that serves or calls gRPC gets from one Secret, kept across upgrades.

beforeAll(() => ensureHelm(), 120_000);

/** Who calls whom over gRPC, as the services' code does (see the template's header). */
const GRPC_CALLERS: Record<string, string[]> = {
  identity: ['edge', 'relay'],
  billing: ['edge', 'identity', 'relay'],
  relay: ['edge'],
  task: ['edge', 'relay'],
};
const GRPC_USERS = ['edge', 'relay', 'identity', 'billing', 'task'];
const GRPC_SERVERS = Object.keys(GRPC_CALLERS);

const componentOf = (obj: K8sObject): string => obj.metadata.labels['app.kubernetes.io/component'];
const podLabels = (deployment: K8sObject) => deployment.spec.template.metadata.labels as Record<string, string>;

/** The ingress rules of `policy` admitting `port`. */
function rulesFor(policy: K8sObject, port: number): K8sObject[] {
  return ((policy.spec.ingress ?? []) as K8sObject[]).filter((rule) =>
    ((rule.ports ?? []) as K8sObject[]).some((p) => p.port === port && p.protocol === 'TCP'),
  );
}

/** The components whose pods a rule's `from` peers select (pod selectors in the release namespace). */
function admittedComponents(rule: K8sObject, deployments: K8sObject[]): string[] {
  const peers = (rule.from ?? []) as K8sObject[];
  return deployments
    .filter((d) => peers.some((peer) => !peer.namespaceSelector && !peer.ipBlock && selects(peer.podSelector?.matchLabels, podLabels(d))))
    .map(componentOf)
    .sort();
}

describe.each(CI_VALUES.map((v) => v.name))('NetworkPolicies rendered with ci/%s-values.yaml', (values) => {
  let objects: K8sObject[];
  let deployments: K8sObject[];
  let policies: K8sObject[];
  beforeAll(() => {
    objects = rendered(values);
    deployments = ofKind(objects, 'Deployment');
    policies = ofKind(objects, 'NetworkPolicy');
  });

  it('isolates every Deployment’s pods with exactly one policy of its own, for ingress', () => {
    expect(policies.map(componentOf).sort()).toEqual([...COMPONENTS].sort());
    for (const policy of policies) {
      expect(policy.spec.policyTypes).toEqual(['Ingress']);
      const selected = deployments.filter((d) => selects(policy.spec.podSelector.matchLabels, podLabels(d)));
      expect({ policy: policy.metadata.name, selects: selected.map(componentOf) }).toEqual({
        policy: policy.metadata.name,
        selects: [componentOf(policy)],
      });
    }
  });

  it('admits gRPC to each server only from the services that call it', () => {
    for (const server of GRPC_SERVERS) {
      const policy = find(objects, 'NetworkPolicy', name(server));
      const grpcPort = containerPorts(find(objects, 'Deployment', name(server))).get('grpc')!;
      const rules = rulesFor(policy, grpcPort);
      expect({ server, rules: rules.length }).toEqual({ server, rules: 1 });
      expect({ server, callers: admittedComponents(rules[0]!, deployments) }).toEqual({ server, callers: GRPC_CALLERS[server] });
      // Nothing else in the rule: no namespace-wide or address-range peers.
      expect((rules[0]!.from as K8sObject[]).every((peer) => Object.keys(peer).join() === 'podSelector')).toBe(true);
    }
  });

  it('admits exactly the callers the Deployments are wired to (their *_GRPC_ADDR)', () => {
    const services = ofKind(objects, 'Service');
    const wired: Record<string, string[]> = {};
    for (const deployment of deployments) {
      for (const [variable, entry] of env(deployment)) {
        if (!variable.endsWith('_GRPC_ADDR')) continue;
        const [host] = (entry.value as string).split(':');
        const service = services.find((s) => s.metadata.name === host)!;
        (wired[componentOf(service)] ??= []).push(componentOf(deployment));
      }
    }
    for (const callers of Object.values(wired)) callers.sort();
    expect(wired).toEqual(GRPC_CALLERS);
  });

  it('opens every declared container port to someone and nothing else', () => {
    for (const deployment of deployments) {
      const policy = find(objects, 'NetworkPolicy', name(componentOf(deployment)));
      const declared = [...containerPorts(deployment).values()].sort();
      const admitted = [...new Set((policy.spec.ingress as K8sObject[]).flatMap((rule) => (rule.ports as K8sObject[]).map((p) => p.port)))].sort();
      expect({ component: componentOf(deployment), admitted }).toEqual({ component: componentOf(deployment), admitted: declared });
    }
  });

  it('admits HTTP to edge and relay, and the operator’s metrics port, from the configured peers only', () => {
    const valuesFile = CI_VALUES.find((v) => v.name === values)!.file;
    const configured = readFileSync(valuesFile, 'utf8');
    const expectFrom = (component: string, port: string, peersConfigured: boolean) => {
      const deployment = find(objects, 'Deployment', name(component));
      const rules = rulesFor(find(objects, 'NetworkPolicy', name(component)), containerPorts(deployment).get(port)!);
      expect(rules).toHaveLength(1);
      if (peersConfigured) expect(rules[0]!.from).toEqual(expect.arrayContaining([expect.objectContaining({ namespaceSelector: expect.any(Object) })]));
      else expect(rules[0]!.from).toBeUndefined();
    };
    expectFrom('edge', 'http', configured.includes('ingressFrom'));
    expectFrom('relay', 'http', configured.includes('ingressFrom'));
    expectFrom('operator', 'http', configured.includes('metricsFrom'));
  });
});

describe('the NetworkPolicy toggle', () => {
  const file = CI_VALUES.find((v) => v.name === 'default')!.file;

  it('renders no policy when disabled, and none for a disabled operator', () => {
    expect(ofKind(render(file, ['networkPolicy.enabled=false']), 'NetworkPolicy')).toEqual([]);
    const withoutOperator = ofKind(render(file, ['operator.enabled=false']), 'NetworkPolicy');
    expect(withoutOperator.map(componentOf).sort()).toEqual(COMPONENTS.filter((c) => c !== 'operator').sort());
  });

  it('passes ingress and metrics peers through unchanged', () => {
    const objects = render(file, [
      'networkPolicy.ingressFrom[0].ipBlock.cidr=10.0.0.0/8',
      'networkPolicy.metricsFrom[0].podSelector.matchLabels.app=prometheus',
    ]);
    const edge = find(objects, 'NetworkPolicy', name('edge'));
    expect(rulesFor(edge, 3000)[0]!.from).toEqual([{ ipBlock: { cidr: '10.0.0.0/8' } }]);
    const operator = find(objects, 'NetworkPolicy', name('operator'));
    expect(rulesFor(operator, 8080)[0]!.from).toEqual([{ podSelector: { matchLabels: { app: 'prometheus' } } }]);
  });
});

describe('the gRPC secret', () => {
  it('is generated once and looked up on later upgrades', () => {
    const template = readFileSync(path.join(APP_CHART, 'templates/grpc-secret.yaml'), 'utf8');
    expect(template).toMatch(/lookup "v1" "Secret" \.Release\.Namespace \$name/);
    const secret = find(rendered('default'), 'Secret', `${RELEASE}-grpc`);
    expect(Buffer.from(secret.data.GRPC_SECRET, 'base64').toString()).toMatch(/^[A-Za-z0-9]{64}$/);
  });

  it.each(CI_VALUES.map((v) => v.name))('reaches every service that serves or calls gRPC, and the servers bind every interface (%s)', (values) => {
    const objects = rendered(values);
    const secretName = values === 'ha' ? 'modelgate-grpc' : `${RELEASE}-grpc`;
    for (const deployment of ofKind(objects, 'Deployment')) {
      const component = componentOf(deployment);
      const vars = env(deployment);
      if (GRPC_USERS.includes(component)) {
        expect({ component, ref: vars.get('GRPC_SECRET')?.valueFrom?.secretKeyRef }).toEqual({
          component,
          ref: { name: secretName, key: 'GRPC_SECRET' },
        });
      } else {
        expect({ component, secret: vars.has('GRPC_SECRET') }).toEqual({ component, secret: false });
      }
      const serves = containerPorts(deployment).has('grpc');
      expect({ component, host: vars.get('GRPC_HOST')?.value }).toEqual({ component, host: serves ? '0.0.0.0' : undefined });
    }
  });

  it('is not rendered when an existing Secret is named', () => {
    expect(ofKind(rendered('ha'), 'Secret').map((s) => s.metadata.name)).not.toContain(`${RELEASE}-grpc`);
  });
});
