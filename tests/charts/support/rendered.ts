import { CI_VALUES, RELEASE, type K8sObject, render } from './helm';

/** The six Deployments the chart runs. */
export const COMPONENTS = ['edge', 'relay', 'identity', 'billing', 'task', 'operator'];
/** The object name of a component in the test release. */
export const name = (component: string) => `${RELEASE}-${component}`;

const renders = new Map<string, K8sObject[]>();

/** The parsed output of ci/<values>-values.yaml, rendered once per test file. */
export function rendered(values: string): K8sObject[] {
  let objects = renders.get(values);
  if (!objects) {
    const file = CI_VALUES.find((v) => v.name === values)?.file;
    if (!file) throw new Error(`no ci/${values}-values.yaml`);
    objects = render(file);
    renders.set(values, objects);
  }
  return objects;
}

/** The container ports of a Deployment's first container, by name. */
export function containerPorts(deployment: K8sObject): Map<string, number> {
  const container = deployment.spec.template.spec.containers[0];
  return new Map((container.ports as K8sObject[]).map((p) => [p.name as string, p.containerPort as number]));
}

/** The env entries of a Deployment's first container, by name. */
export function env(deployment: K8sObject): Map<string, K8sObject> {
  const container = deployment.spec.template.spec.containers[0];
  return new Map((container.env as K8sObject[]).map((e) => [e.name as string, e]));
}
