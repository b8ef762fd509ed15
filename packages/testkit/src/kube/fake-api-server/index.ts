/** The fake Kubernetes API server for operator tests (see `fake-api-server.ts`). */
export { FakeApiServer, type FakeApiServerOptions, type ObjectReference } from './fake-api-server';
export { ApiError, type KubeStatus, type StatusCause } from './api-errors';
export type { FaultResponse, FaultRule, InjectedFault } from './fault-injection';
export type { LoggedRequest, RequestFilter, RequestTarget } from './request-log';
export type { CustomResourceDefinitionObject } from './resource-registry';
export { kubeConfigOptions, kubeconfigDocument, writeKubeconfigFile } from './kubeconfig';
export { useFakeApiServer } from './jest-lifecycle';
export type { KubeObject, ObjectMeta, PrinterColumn, ResourceDefinition, KubeVerb } from './types';
export { exampleWidgetCrd, widgetGroup, widgetPlural, widgetVersion } from './widget-crd.fixture';
export { apiFailureOf, runKubectl, waitFor, type KubectlResult } from './test-helpers';
