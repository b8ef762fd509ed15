#!/usr/bin/env node
// Generates the Grafana dashboards the chart ships (charts/modelgate/files/dashboards/*.json) from
// the panel definitions below, in Grafana's dashboard JSON model. The files are checked in; a chart
// test regenerates them and fails when they differ, so edit this script, never the JSON.
//   node scripts/gen-dashboards.mjs          write the files (and layout previews in docs/images)
//   node scripts/gen-dashboards.mjs --print  print them as one JSON object (tests)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../charts/modelgate/files/dashboards');
const PREVIEWS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../docs/images');
const NS = 'namespace=~"$namespace"';

const templating = {
  list: [
    { name: 'datasource', type: 'datasource', query: 'prometheus', label: 'Data source', current: {} },
    {
      name: 'namespace',
      type: 'query',
      label: 'Namespace',
      datasource: { type: 'prometheus', uid: '${datasource}' },
      query: { query: 'label_values(modelgate_dependency_up, namespace)', refId: 'namespaces' },
      definition: 'label_values(modelgate_dependency_up, namespace)',
      includeAll: true,
      multi: true,
      refresh: 2,
      current: {},
    },
  ],
};

/** A time-series panel of PromQL `targets` ([expr, legend]) at a grid position. */
function panel(id, title, unit, targets, gridPos, description) {
  return {
    id,
    type: 'timeseries',
    title,
    description,
    datasource: { type: 'prometheus', uid: '${datasource}' },
    gridPos,
    fieldConfig: { defaults: { unit, custom: { lineWidth: 1, fillOpacity: 10 } }, overrides: [] },
    options: { legend: { displayMode: 'table', placement: 'bottom', calcs: ['mean', 'max', 'lastNotNull'] }, tooltip: { mode: 'multi' } },
    targets: targets.map(([expr, legendFormat], i) => ({
      refId: String.fromCharCode(65 + i),
      datasource: { type: 'prometheus', uid: '${datasource}' },
      expr,
      legendFormat,
    })),
  };
}

/** A single-number panel. */
function stat(id, title, unit, expr, gridPos, description) {
  return {
    id,
    type: 'stat',
    title,
    description,
    datasource: { type: 'prometheus', uid: '${datasource}' },
    gridPos,
    fieldConfig: { defaults: { unit }, overrides: [] },
    options: { reduceOptions: { calcs: ['lastNotNull'] }, colorMode: 'value', graphMode: 'area' },
    targets: [{ refId: 'A', datasource: { type: 'prometheus', uid: '${datasource}' }, expr }],
  };
}

/** Lays panels out two per row (w 12, h 8) after `stats` (a row of four, h 4). */
function layout(stats, panels) {
  const placed = stats.map((p, i) => ({ ...p, gridPos: { x: i * 6, y: 0, w: 6, h: 4 } }));
  const top = stats.length > 0 ? 4 : 0;
  panels.forEach((p, i) => placed.push({ ...p, gridPos: { x: (i % 2) * 12, y: top + Math.floor(i / 2) * 8, w: 12, h: 8 } }));
  return placed.map((p, i) => ({ ...p, id: i + 1 }));
}

function dashboard(uid, title, description, stats, panels) {
  return {
    uid,
    title,
    description,
    tags: ['modelgate'],
    timezone: 'browser',
    schemaVersion: 39,
    version: 1,
    editable: true,
    refresh: '30s',
    time: { from: 'now-6h', to: 'now' },
    templating,
    annotations: { list: [] },
    panels: layout(stats, panels),
  };
}

const quantile = (q, metric, by = '') =>
  `histogram_quantile(${q}, sum by (le${by ? `, ${by}` : ''}) (rate(${metric}_bucket{${NS}}[$__rate_interval])))`;

const dashboards = {
  overview: dashboard(
    'modelgate-overview',
    'Modelgate overview',
    'Traffic, errors, latency, tokens and spend across the relay.',
    [
      stat(0, 'Requests/s', 'reqps', `sum(rate(modelgate_relay_requests_total{${NS}}[$__rate_interval]))`),
      stat(0, '5xx ratio', 'percentunit', `sum(rate(modelgate_relay_requests_total{${NS},outcome="5xx"}[$__rate_interval])) / sum(rate(modelgate_relay_requests_total{${NS}}[$__rate_interval]))`),
      stat(0, 'In flight', 'short', `sum(modelgate_relay_requests_in_flight{${NS}})`),
      stat(0, 'Quota charged/s', 'short', `sum(rate(modelgate_relay_quota_charged_total{${NS}}[$__rate_interval]))`),
    ],
    [
      panel(0, 'Requests by protocol and outcome', 'reqps', [[`sum by (protocol, outcome) (rate(modelgate_relay_requests_total{${NS}}[$__rate_interval]))`, '{{protocol}} {{outcome}}']]),
      panel(0, 'Requests by model', 'reqps', [[`sum by (model) (rate(modelgate_relay_requests_total{${NS}}[$__rate_interval]))`, '{{model}}']]),
      panel(0, 'Request latency', 's', [
        [quantile(0.5, 'modelgate_relay_request_duration_seconds'), 'p50'],
        [quantile(0.95, 'modelgate_relay_request_duration_seconds'), 'p95'],
        [quantile(0.99, 'modelgate_relay_request_duration_seconds'), 'p99'],
      ]),
      panel(0, 'Time to first token and upstream latency (p95)', 's', [
        [quantile(0.95, 'modelgate_relay_time_to_first_token_seconds', 'protocol'), 'first token {{protocol}}'],
        [quantile(0.95, 'modelgate_relay_upstream_duration_seconds'), 'upstream'],
      ]),
      panel(0, 'Tokens/s by kind', 'short', [[`sum by (kind) (rate(modelgate_relay_tokens_total{${NS}}[$__rate_interval]))`, '{{kind}}']]),
      panel(0, 'Quota charged by group', 'short', [[`sum by (group) (rate(modelgate_relay_quota_charged_total{${NS}}[$__rate_interval]))`, '{{group}}']]),
      panel(0, '/api requests by status', 'reqps', [[`sum by (status) (rate(modelgate_api_requests_total{${NS}}[$__rate_interval]))`, '{{status}}']]),
      panel(0, 'Event-loop lag (p99) by pod', 's', [[`max by (pod) (nodejs_eventloop_lag_p99_seconds{${NS}})`, '{{pod}}']]),
    ],
  ),
  channels: dashboard(
    'modelgate-channels',
    'Modelgate channels',
    'Health of each upstream channel: traffic, errors, latency, retries, breakers and automatic disables.',
    [
      stat(0, 'Enabled channels', 'short', `max(modelgate_relay_channels{${NS},state="enabled"})`),
      stat(0, 'Disabled channels', 'short', `max(modelgate_relay_channels{${NS},state="disabled"})`),
      stat(0, 'Auto-disabled (1h)', 'short', `sum(increase(modelgate_relay_channel_auto_disabled_total{${NS}}[1h]))`),
      stat(0, 'Open breakers', 'short', `count(max by (channel) (modelgate_relay_channel_breaker_state{${NS}}) == 2) or vector(0)`),
    ],
    [
      panel(0, 'Requests by channel', 'reqps', [[`sum by (channel) (rate(modelgate_relay_requests_total{${NS}}[$__rate_interval]))`, 'channel {{channel}}']]),
      panel(0, 'Upstream errors by channel', 'reqps', [[`sum by (channel) (rate(modelgate_relay_upstream_duration_seconds_count{${NS},outcome="error"}[$__rate_interval]))`, 'channel {{channel}}']]),
      panel(0, 'Upstream latency p95 by channel', 's', [[quantile(0.95, 'modelgate_relay_upstream_duration_seconds', 'channel'), 'channel {{channel}}']]),
      panel(0, 'Retries by failing channel', 'short', [[`sum by (channel) (rate(modelgate_relay_retries_total{${NS}}[$__rate_interval]))`, 'channel {{channel}}']]),
      panel(0, 'Breaker state (0 closed, 1 half-open, 2 open)', 'short', [[`max by (channel) (modelgate_relay_channel_breaker_state{${NS}})`, 'channel {{channel}}']]),
      panel(0, 'Queued requests and queue wait p95', 'short', [
        [`sum(modelgate_relay_queued_requests{${NS}})`, 'queued'],
        [quantile(0.95, 'modelgate_relay_queue_wait_seconds'), 'wait p95 (s)'],
      ]),
      panel(0, 'Rate-limit refusals by scope', 'short', [
        [`sum by (scope) (rate(modelgate_relay_rate_limited_total{${NS}}[$__rate_interval]))`, 'relay {{scope}}'],
        [`sum by (limit) (rate(modelgate_edge_rate_limited_total{${NS}}[$__rate_interval]))`, 'edge {{limit}}'],
      ]),
      panel(0, 'Tokens by channel', 'short', [[`sum by (channel) (rate(modelgate_relay_tokens_total{${NS}}[$__rate_interval]))`, 'channel {{channel}}']]),
    ],
  ),
  billing: dashboard(
    'modelgate-billing',
    'Modelgate billing pipeline',
    'Usage records from the relay to settlement: publishing, lag, batches, failures, dead letters, sweeps, notices and top-ups.',
    [
      stat(0, 'Settled records/s', 'short', `sum(rate(modelgate_billing_usage_records_total{${NS},result="settled"}[$__rate_interval]))`),
      stat(0, 'Settlement lag p99', 's', quantile(0.99, 'modelgate_billing_settlement_lag_seconds')),
      stat(0, 'Dead letters', 'short', `sum(max by (subject) (modelgate_billing_dead_letters{${NS}})) or vector(0)`),
      stat(0, 'Publish failures (1h)', 'short', `sum(increase(modelgate_relay_usage_publish_failures_total{${NS}}[1h]))`),
    ],
    [
      panel(0, 'Records published and settled', 'short', [
        [`sum(rate(modelgate_relay_usage_records_published_total{${NS}}[$__rate_interval]))`, 'published'],
        [`sum by (result) (rate(modelgate_billing_usage_records_total{${NS}}[$__rate_interval]))`, 'settled: {{result}}'],
      ]),
      panel(0, 'Settlement lag (publish to commit)', 's', [
        [quantile(0.5, 'modelgate_billing_settlement_lag_seconds'), 'p50'],
        [quantile(0.99, 'modelgate_billing_settlement_lag_seconds'), 'p99'],
      ]),
      panel(0, 'Settlement transaction and batch size', 'short', [
        [quantile(0.95, 'modelgate_billing_settlement_duration_seconds'), 'transaction p95 (s)'],
        [`sum(rate(modelgate_billing_usage_batch_size_sum{${NS}}[$__rate_interval])) / sum(rate(modelgate_billing_usage_batch_size_count{${NS}}[$__rate_interval]))`, 'records per batch'],
      ]),
      panel(0, 'Redeliveries', 'short', [[`sum by (subject) (rate(modelgate_billing_redeliveries_total{${NS}}[$__rate_interval]))`, '{{subject}}']]),
      panel(
        0,
        'Consumer backlog (from JetStream)',
        'short',
        [
          [`max by (consumer) (modelgate_billing_consumer_pending{${NS}})`, '{{consumer}} waiting'],
          [`max by (consumer) (modelgate_billing_consumer_ack_pending{${NS}})`, '{{consumer}} awaiting ack'],
          [`max by (consumer) (modelgate_billing_consumer_redelivered{${NS}})`, '{{consumer}} redelivered'],
        ],
        undefined,
        'Messages each durable consumer has not finished, read from JetStream at scrape time (every billing replica reports the same shared consumer, hence max).',
      ),
      panel(0, 'Quota: charged by the relay vs settled by billing', 'short', [
        [`sum(rate(modelgate_relay_quota_charged_total{${NS}}[$__rate_interval]))`, 'charged'],
        [`sum(rate(modelgate_billing_quota_settled_total{${NS}}[$__rate_interval]))`, 'settled'],
      ]),
      panel(0, 'Quota admissions and leases', 'short', [
        [`sum by (source) (rate(modelgate_relay_quota_admissions_total{${NS}}[$__rate_interval]))`, 'admitted from {{source}}'],
        [`sum by (result) (rate(modelgate_relay_quota_lease_refills_total{${NS}}[$__rate_interval]))`, 'lease {{result}}'],
      ]),
      panel(0, 'Reservation sweeps', 'short', [
        [`sum by (result) (increase(modelgate_billing_reservation_sweeps_total{${NS}}[$__rate_interval]))`, 'passes {{result}}'],
        [`sum(increase(modelgate_billing_reservations_swept_total{${NS}}[$__rate_interval]))`, 'released'],
      ]),
      panel(0, 'Low-quota notices and top-ups', 'short', [
        [`sum by (channel, result) (increase(modelgate_billing_quota_notices_total{${NS}}[$__rate_interval]))`, 'notice {{channel}} {{result}}'],
        [`sum by (method) (increase(modelgate_billing_topups_total{${NS}}[$__rate_interval]))`, 'top-up {{method}}'],
      ]),
    ],
  ),
  operator: dashboard(
    'modelgate-operator',
    'Modelgate operator',
    'The Channel operator: reconciles, errors, its work queue, leadership and writes.',
    [
      stat(0, 'Leader replicas', 'short', `sum(modelgate_operator_leader{${NS}})`),
      stat(0, 'Queue depth', 'short', `sum(modelgate_operator_workqueue_depth{${NS}})`),
      stat(0, 'Reconcile errors/s', 'short', `sum(rate(modelgate_operator_reconcile_errors_total{${NS}}[$__rate_interval]))`),
      stat(0, 'Informer restarts (1h)', 'short', `sum(increase(modelgate_operator_informer_restarts_total{${NS}}[1h]))`),
    ],
    [
      panel(0, 'Reconciles by result', 'short', [[`sum by (result) (rate(modelgate_operator_reconcile_total{${NS}}[$__rate_interval]))`, '{{result}}']]),
      panel(0, 'Reconcile duration p95', 's', [[quantile(0.95, 'modelgate_operator_reconcile_duration_seconds', 'result'), '{{result}}']]),
      panel(0, 'Reconcile errors by reason', 'short', [[`sum by (reason) (rate(modelgate_operator_reconcile_errors_total{${NS}}[$__rate_interval]))`, '{{reason}}']]),
      panel(0, 'Writes', 'short', [
        [`sum by (operation) (rate(modelgate_operator_channel_writes_total{${NS}}[$__rate_interval]))`, 'channel {{operation}}'],
        [`sum(rate(modelgate_operator_status_writes_total{${NS}}[$__rate_interval]))`, 'status'],
      ]),
    ],
  ),
};

const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A layout preview of a dashboard drawn from its panel definitions (no Grafana at hand): each
 * panel at its grid position with its title, kind and the series it plots.
 */
function preview(model) {
  const unit = 40; // pixels per grid column (24 columns)
  const row = 30; // pixels per grid row
  const height = Math.max(...model.panels.map((p) => p.gridPos.y + p.gridPos.h)) * row + 60;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${24 * unit + 20}" height="${height}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="#111217"/>`,
    `<text x="10" y="28" fill="#ccccdc" font-size="18">${escape(model.title)}</text>`,
  ];
  for (const p of model.panels) {
    const x = 10 + p.gridPos.x * unit;
    const y = 45 + p.gridPos.y * row;
    const w = p.gridPos.w * unit - 8;
    const h = p.gridPos.h * row - 8;
    parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="#181b1f" stroke="#2c3235"/>`);
    parts.push(`<text x="${x + 8}" y="${y + 18}" fill="#ccccdc" font-size="13">${escape(p.title)}</text>`);
    if (p.type === 'stat') {
      parts.push(`<text x="${x + 8}" y="${y + h - 14}" fill="#73bf69" font-size="22">${escape(p.fieldConfig.defaults.unit)}</text>`);
    } else {
      p.targets.forEach((t, i) => {
        parts.push(`<text x="${x + 8}" y="${y + 40 + i * 16}" fill="#8e8e8e" font-size="11">${escape(t.legendFormat || t.expr.slice(0, 60))}</text>`);
      });
    }
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

if (process.argv.includes('--print')) {
  process.stdout.write(JSON.stringify(dashboards));
} else {
  mkdirSync(OUT, { recursive: true });
  for (const [name, model] of Object.entries(dashboards)) {
    writeFileSync(path.join(OUT, `${name}.json`), `${JSON.stringify(model, null, 2)}\n`);
  }
  mkdirSync(PREVIEWS, { recursive: true });
  for (const [name, model] of Object.entries(dashboards)) {
    writeFileSync(path.join(PREVIEWS, `dashboard-${name}.svg`), preview(model));
  }
  process.stdout.write(`wrote ${Object.keys(dashboards).length} dashboards to ${path.relative(process.cwd(), OUT)}\n`);
}
