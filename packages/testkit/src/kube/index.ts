/** `@modelgate/testkit/kube`: test tools for the operator (the fake Kubernetes API server). */
export * from './fake-api-server';
