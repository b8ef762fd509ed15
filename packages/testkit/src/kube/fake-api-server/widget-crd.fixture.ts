/**
 * A small CRD for tests of the fake itself and of generic controller code: namespaced `Widget`
 * (`widgets.test.modelgate.dev/v1alpha1`) with a status subresource, printer columns (one wide-only)
 * and a schema with a required field, a minimum, an enum and a default.
 */
import type { CustomResourceDefinitionObject } from './resource-registry';

export const widgetGroup = 'test.modelgate.dev';
export const widgetVersion = 'v1alpha1';
export const widgetPlural = 'widgets';

/** Builds a fresh copy of the Widget CRD. */
export function exampleWidgetCrd(): CustomResourceDefinitionObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${widgetPlural}.${widgetGroup}` },
    spec: {
      group: widgetGroup,
      scope: 'Namespaced',
      names: { plural: widgetPlural, singular: 'widget', kind: 'Widget', shortNames: ['wdg'], categories: ['modelgate-test'] },
      versions: [
        {
          name: widgetVersion,
          served: true,
          storage: true,
          subresources: { status: {} },
          additionalPrinterColumns: [
            { name: 'Size', type: 'integer', jsonPath: '.spec.size' },
            { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
            { name: 'Color', type: 'string', jsonPath: '.spec.color', priority: 1 },
            { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
          ],
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                apiVersion: { type: 'string' },
                kind: { type: 'string' },
                metadata: { type: 'object' },
                spec: {
                  type: 'object',
                  required: ['size'],
                  properties: {
                    size: { type: 'integer', minimum: 1 },
                    color: { type: 'string', enum: ['red', 'blue'], default: 'red' },
                  },
                },
                status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
              },
            },
          },
        },
      ],
    },
  };
}
