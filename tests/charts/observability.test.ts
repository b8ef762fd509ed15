import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { isBuiltin, validateBuiltins } from './support/builtin-models';
import { APP_CHART, CI_VALUES, ensureHelm, find, type K8sObject, ofKind, render, ROOT, selects } from './support/helm';
import { env, name } from './support/rendered';

// Metrics ports, ServiceMonitors, the PrometheusRule and the Grafana dashboards of the chart.

beforeAll(() => ensureHelm(), 120_000);

const DEFAULT = CI_VALUES.find((v) => v.name === 'default')!.file;
const SERVICES = ['edge', 'relay', 'identity', 'billing', 'task'];
const WITH_CRDS = ['--api-versions', 'monitoring.coreos.com/v1/ServiceMonitor', '--api-versions', 'monitoring.coreos.com/v1/PrometheusRule'];

describe('the metrics ports', () => {
  let objects: K8sObject[];
  beforeAll(() => {
    objects = render(DEFAULT);
  });

  it('gives every service a metrics port, off the public ones, in its Deployment and Service', () => {
    for (const component of SERVICES) {
      const deployment = find(objects, 'Deployment', name(component));
      const ports = deployment.spec.template.spec.containers[0].ports as K8sObject[];
      expect(ports).toContainEqual({ name: 'metrics', containerPort: 9090 });
      expect(env(deployment).get('METRICS_PORT')?.value).toBe('9090');
      expect(env(deployment).get('METRICS_HOST')?.value).toBe('0.0.0.0');
      const service = find(objects, 'Service', name(component));
      expect(service.spec.ports).toContainEqual(expect.objectContaining({ name: 'metrics', port: 9090, targetPort: 'metrics' }));
    }
    // The Ingress routes only the public ports.
    for (const ingress of ofKind(render(DEFAULT, ['ingress.enabled=true']), 'Ingress')) {
      for (const rule of ingress.spec.rules) {
        for (const p of rule.http.paths) expect(p.backend.service.port.name ?? p.backend.service.port.number).not.toMatch(/metrics|9090/);
      }
    }
  });

  it('admits the metrics port through every service’s NetworkPolicy, from metricsFrom', () => {
    const from = [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }];
    const rendered = render(DEFAULT, ['networkPolicy.metricsFrom[0].namespaceSelector.matchLabels.kubernetes\\.io/metadata\\.name=monitoring']);
    for (const component of SERVICES) {
      const policy = find(rendered, 'NetworkPolicy', name(component));
      expect(policy.spec.ingress).toContainEqual({ ports: [{ port: 9090, protocol: 'TCP' }], from });
    }
  });

  it('logs every edge request and the relay’s errors as JSON by default', () => {
    expect(env(find(objects, 'Deployment', name('edge'))).get('ACCESS_LOG')?.value).toBe('all');
    expect(env(find(objects, 'Deployment', name('relay'))).get('ACCESS_LOG')?.value).toBe('errors');
    expect(env(find(objects, 'Deployment', name('relay'))).get('ACCESS_LOG_FORMAT')?.value).toBe('json');
  });

  it('turns the listener off with metrics.enabled=false', () => {
    const off = render(DEFAULT, ['metrics.enabled=false']);
    for (const component of SERVICES) {
      const deployment = find(off, 'Deployment', name(component));
      expect((deployment.spec.template.spec.containers[0].ports as K8sObject[]).map((p) => p.name)).not.toContain('metrics');
      expect(env(deployment).get('METRICS_PORT')?.value).toBe('off');
    }
  });
});

describe('ServiceMonitors and the PrometheusRule', () => {
  it('are not rendered without the Prometheus Operator’s CRDs unless asked for', () => {
    const objects = render(DEFAULT);
    expect(ofKind(objects, 'ServiceMonitor')).toEqual([]);
    expect(ofKind(objects, 'PrometheusRule')).toEqual([]);
    const asked = render(DEFAULT, ['serviceMonitor.enabled=true', 'prometheusRule.enabled=true']);
    expect(ofKind(asked, 'ServiceMonitor')).toHaveLength(6);
    expect(ofKind(asked, 'PrometheusRule')).toHaveLength(1);
  });

  it('scrape every workload’s metrics port once the CRDs are present', () => {
    const objects = render(DEFAULT, ['serviceMonitor.labels.release=kube-prometheus-stack'], WITH_CRDS);
    const monitors = ofKind(objects, 'ServiceMonitor');
    expect(monitors.map((m) => m.metadata.name).sort()).toEqual([...SERVICES, 'operator'].map(name).sort());
    for (const monitor of monitors) {
      expect(monitor.apiVersion).toBe('monitoring.coreos.com/v1');
      expect(monitor.metadata.labels.release).toBe('kube-prometheus-stack');
      const services = ofKind(objects, 'Service').filter((s) => selects(monitor.spec.selector.matchLabels, s.metadata.labels));
      expect(services).toHaveLength(1);
      const [endpoint] = monitor.spec.endpoints;
      expect(endpoint.path).toBe('/metrics');
      expect(services[0]!.spec.ports.map((p: K8sObject) => p.name)).toContain(endpoint.port);
    }
  });

  it('ships alerts that promtool accepts, each with a runbook', () => {
    const rule = ofKind(render(DEFAULT, [], WITH_CRDS), 'PrometheusRule')[0]!;
    const groups = rule.spec.groups as Array<{ name: string; rules: Array<Record<string, any>> }>;
    const alerts = groups.flatMap((g) => g.rules);
    expect(alerts.map((a) => a.alert)).toEqual(
      expect.arrayContaining([
        'ModelgateRelayErrorRatioHigh',
        'ModelgateRelayLatencyBudgetBurn',
        'ModelgateSettlementLagGrowing',
        'ModelgateBillingBacklogGrowing',
        'ModelgateDeadLettersPresent',
        'ModelgateChannelAutoDisabled',
        'ModelgateChannelBreakerOpen',
        'ModelgateDatabaseUnreachable',
        'ModelgateNatsUnreachable',
        'ModelgateOperatorReconcileErrors',
      ]),
    );
    for (const alert of alerts) {
      expect({ alert: alert.alert, runbook: typeof alert.annotations?.runbook, severity: alert.labels?.severity }).toEqual({
        alert: alert.alert,
        runbook: 'string',
        severity: expect.stringMatching(/^(warning|critical)$/),
      });
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'modelgate-rules-'));
    try {
      const file = path.join(dir, 'rules.yaml');
      writeFileSync(file, stringify({ groups }));
      const checked = spawnSync(process.env.PROMTOOL_BIN ?? 'promtool', ['check', 'rules', file], { encoding: 'utf8' });
      expect(checked.error).toBeUndefined();
      expect({ status: checked.status, output: checked.stdout + checked.stderr }).toEqual({
        status: 0,
        output: expect.stringContaining(`SUCCESS: ${alerts.length} rules found`),
      });
      // …and would refuse a broken expression.
      writeFileSync(file, stringify({ groups: [{ name: 'broken', rules: [{ alert: 'Broken', expr: 'sum(rate(x[5m]' }] }] }));
      expect(spawnSync(process.env.PROMTOOL_BIN ?? 'promtool', ['check', 'rules', file], { encoding: 'utf8' }).status).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the Grafana dashboards', () => {
  it('are the output of scripts/gen-dashboards.mjs, as checked in', () => {
    const generated = JSON.parse(execFileSync(process.execPath, [path.join(ROOT, 'scripts/gen-dashboards.mjs'), '--print'], { encoding: 'utf8' })) as Record<string, unknown>;
    expect(Object.keys(generated).sort()).toEqual(['billing', 'channels', 'operator', 'overview']);
    for (const [dashboard, model] of Object.entries(generated)) {
      const file = path.join(APP_CHART, 'files/dashboards', `${dashboard}.json`);
      expect({ dashboard, model: JSON.parse(readFileSync(file, 'utf8')) }).toEqual({ dashboard, model });
    }
  });

  it('ship as ConfigMaps for Grafana’s sidecar when enabled, each a dashboard with PromQL panels', () => {
    expect(ofKind(render(DEFAULT), 'ConfigMap')).toEqual([]);
    const objects = render(DEFAULT, ['dashboards.enabled=true', 'dashboards.annotations.grafana_folder=Modelgate']);
    const maps = ofKind(objects, 'ConfigMap');
    expect(maps.map((m) => m.metadata.name).sort()).toEqual(['billing', 'channels', 'operator', 'overview'].map((d) => `${name('dashboard')}-${d}`));
    expect(validateBuiltins(maps.filter(isBuiltin)).filter(([, problems]) => problems.length > 0)).toEqual([]);
    for (const map of maps) {
      expect(map.metadata.labels.grafana_dashboard).toBe('1');
      expect(map.metadata.annotations).toEqual({ grafana_folder: 'Modelgate' });
      const [json] = Object.values(map.data as Record<string, string>);
      const model = JSON.parse(json!) as { uid: string; panels: Array<{ targets: Array<{ expr: string }> }> };
      expect(model.uid).toMatch(/^modelgate-/);
      expect(model.panels.length).toBeGreaterThanOrEqual(8);
      for (const panel of model.panels) {
        expect(panel.targets.length).toBeGreaterThan(0);
        for (const target of panel.targets) expect(target.expr).toMatch(/modelgate_|nodejs_/);
      }
    }
  });
});
