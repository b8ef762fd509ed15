import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

/** Repository root, chart directories and the values files the chart is checked with. */
export const ROOT = path.resolve(__dirname, '../../..');
export const APP_CHART = path.join(ROOT, 'charts/modelgate');
export const CRD_CHART = path.join(ROOT, 'charts/modelgate-crds');
export const CRD_FILE = path.join(CRD_CHART, 'templates/channels.modelgate.dev.yaml');
export const CI_VALUES = readdirSync(path.join(APP_CHART, 'ci'))
  .filter((name) => name.endsWith('-values.yaml'))
  .sort()
  .map((name) => ({ name: name.replace(/-values\.yaml$/, ''), file: path.join(APP_CHART, 'ci', name) }));

/** Release name and namespace of every render, so golden files are stable. */
export const RELEASE = 'modelgate';
export const NAMESPACE = 'modelgate';

/** A rendered Kubernetes object, loosely typed: the tests read fields by path. */
export type K8sObject = Record<string, any>;

let helmPath: string | undefined;

/** Downloads helm once (scripts/fetch-helm.mjs, cached in .cache/tools) and returns its path. */
export function ensureHelm(): string {
  helmPath ??= execFileSync(process.execPath, [path.join(ROOT, 'scripts/fetch-helm.mjs')], {
    encoding: 'utf8',
  }).trim();
  return helmPath;
}

export interface HelmResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs helm with `args`; never throws on a non-zero exit (callers assert on it). */
export function helm(args: readonly string[]): HelmResult {
  const result = spawnSync(ensureHelm(), args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, HELM_CACHE_HOME: path.join(ROOT, '.cache/helm'), HELM_CONFIG_HOME: path.join(ROOT, '.cache/helm') },
  });
  if (result.error) throw result.error;
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** `helm template` of the application chart with a values file and extra `--set`s; the raw YAML. */
export function templateText(valuesFile: string | undefined, sets: readonly string[] = [], extraArgs: readonly string[] = []): HelmResult {
  const args = ['template', RELEASE, APP_CHART, '--namespace', NAMESPACE, ...extraArgs];
  if (valuesFile) args.push('-f', valuesFile);
  for (const set of sets) args.push('--set', set);
  return helm(args);
}

/** Every object of a multi-document YAML text (empty documents dropped). */
export function parseObjects(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`invalid YAML: ${doc.errors[0]?.message}`);
      return doc.toJS() as K8sObject | null;
    })
    .filter((obj): obj is K8sObject => obj !== null && typeof obj === 'object');
}

/** Renders the application chart and parses it; fails the test with helm's error otherwise. */
export function render(valuesFile: string | undefined, sets: readonly string[] = [], extraArgs: readonly string[] = []): K8sObject[] {
  const result = templateText(valuesFile, sets, extraArgs);
  if (result.status !== 0) throw new Error(`helm template failed:\n${result.stderr}`);
  return parseObjects(result.stdout);
}

/** The objects of one kind. */
export function ofKind(objects: readonly K8sObject[], kind: string): K8sObject[] {
  return objects.filter((obj) => obj.kind === kind);
}

/** The one object of `kind` named `name`; throws when missing. */
export function find(objects: readonly K8sObject[], kind: string, name: string): K8sObject {
  const found = objects.find((obj) => obj.kind === kind && obj.metadata?.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in the rendered chart`);
  return found;
}

/** True when every label of `selector` is present with the same value in `labels`. */
export function selects(selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean {
  if (!selector || Object.keys(selector).length === 0) return false;
  return Object.entries(selector).every(([key, value]) => labels?.[key] === value);
}
