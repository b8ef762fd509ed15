/**
 * The resources the fake serves: built-in kinds (Secret, ConfigMap, Namespace, Event, Lease, CRD)
 * and the served versions of every registered CustomResourceDefinition.
 */
import type { KubeObject, PrinterColumn, ResourceDefinition } from './types';

const allVerbs = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

const ageColumn: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };

function builtIn(partial: Omit<ResourceDefinition, 'listKind' | 'verbs' | 'isCustomResource' | 'storageKey' | 'statusSubresource' | 'shortNames' | 'categories'> & Partial<ResourceDefinition>): ResourceDefinition {
  return {
    listKind: `${partial.kind}List`,
    verbs: allVerbs,
    isCustomResource: false,
    storageKey: `${partial.group}/${partial.plural}`,
    statusSubresource: false,
    shortNames: [],
    categories: [],
    ...partial,
  };
}

/** The built-in kinds every fake serves. */
export function builtInDefinitions(): ResourceDefinition[] {
  return [
    builtIn({ group: '', version: 'v1', plural: 'namespaces', singular: 'namespace', kind: 'Namespace', namespaced: false, shortNames: ['ns'], statusSubresource: true, printerColumns: [{ name: 'Status', type: 'string', jsonPath: '.status.phase' }, ageColumn] }),
    builtIn({ group: '', version: 'v1', plural: 'secrets', singular: 'secret', kind: 'Secret', namespaced: true, printerColumns: [{ name: 'Type', type: 'string', jsonPath: '.type' }, ageColumn] }),
    builtIn({ group: '', version: 'v1', plural: 'configmaps', singular: 'configmap', kind: 'ConfigMap', namespaced: true, shortNames: ['cm'], printerColumns: [ageColumn] }),
    builtIn({ group: '', version: 'v1', plural: 'events', singular: 'event', kind: 'Event', namespaced: true, shortNames: ['ev'], printerColumns: [{ name: 'Type', type: 'string', jsonPath: '.type' }, { name: 'Reason', type: 'string', jsonPath: '.reason' }, { name: 'Object', type: 'string', jsonPath: '.involvedObject.name' }, { name: 'Message', type: 'string', jsonPath: '.message' }] }),
    builtIn({ group: 'events.k8s.io', version: 'v1', plural: 'events', singular: 'event', kind: 'Event', namespaced: true, shortNames: ['ev'], printerColumns: [{ name: 'Type', type: 'string', jsonPath: '.type' }, { name: 'Reason', type: 'string', jsonPath: '.reason' }, { name: 'Object', type: 'string', jsonPath: '.regarding.name' }, { name: 'Note', type: 'string', jsonPath: '.note' }] }),
    builtIn({ group: 'coordination.k8s.io', version: 'v1', plural: 'leases', singular: 'lease', kind: 'Lease', namespaced: true, printerColumns: [{ name: 'Holder', type: 'string', jsonPath: '.spec.holderIdentity' }, ageColumn] }),
    builtIn({ group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', singular: 'customresourcedefinition', kind: 'CustomResourceDefinition', namespaced: false, shortNames: ['crd', 'crds'], statusSubresource: true, categories: ['api-extensions'], printerColumns: [{ name: 'Created At', type: 'date', jsonPath: '.metadata.creationTimestamp' }] }),
  ];
}

/** The parts of a CustomResourceDefinition the fake reads (apiextensions.k8s.io/v1). */
export interface CustomResourceDefinitionObject extends KubeObject {
  spec: {
    group: string;
    scope: 'Namespaced' | 'Cluster';
    names: { plural: string; singular?: string; kind: string; listKind?: string; shortNames?: string[]; categories?: string[] };
    versions: Array<{
      name: string;
      served?: boolean;
      storage?: boolean;
      schema?: { openAPIV3Schema?: Record<string, unknown> };
      subresources?: { status?: Record<string, unknown> };
      additionalPrinterColumns?: PrinterColumn[];
    }>;
  };
}

/** One definition per served version of a CRD. */
export function definitionsFromCrd(crd: CustomResourceDefinitionObject): ResourceDefinition[] {
  const { group, names, scope, versions } = crd.spec;
  return versions
    .filter((version) => version.served !== false)
    .map((version) => ({
      group,
      version: version.name,
      plural: names.plural,
      singular: names.singular ?? names.kind.toLowerCase(),
      kind: names.kind,
      listKind: names.listKind ?? `${names.kind}List`,
      namespaced: scope !== 'Cluster',
      shortNames: names.shortNames ?? [],
      categories: names.categories ?? [],
      statusSubresource: version.subresources?.status !== undefined,
      printerColumns: version.additionalPrinterColumns?.length ? version.additionalPrinterColumns : [ageColumn],
      verbs: allVerbs,
      isCustomResource: true,
      ...(version.schema?.openAPIV3Schema ? { schema: version.schema.openAPIV3Schema } : {}),
      storageKey: `${group}/${names.plural}`,
    }));
}

/** The served resources, looked up by group/version/plural. */
export class ResourceRegistry {
  private definitions: ResourceDefinition[] = [];

  constructor(initial: ResourceDefinition[] = []) {
    for (const definition of initial) this.add(definition);
  }

  /** Adds or replaces the definition of one group/version/plural. */
  add(definition: ResourceDefinition): void {
    this.definitions = this.definitions.filter(
      (existing) => !(existing.group === definition.group && existing.version === definition.version && existing.plural === definition.plural),
    );
    this.definitions.push(definition);
  }

  /** Serves every served version of a CRD (replacing what an earlier registration of it served). */
  registerCrd(crd: CustomResourceDefinitionObject): ResourceDefinition[] {
    this.unregisterCrd(crd);
    const added = definitionsFromCrd(crd);
    for (const definition of added) this.add(definition);
    return added;
  }

  /** Stops serving a CRD's resources. */
  unregisterCrd(crd: CustomResourceDefinitionObject): void {
    this.definitions = this.definitions.filter(
      (existing) => !(existing.isCustomResource && existing.group === crd.spec.group && existing.plural === crd.spec.names.plural),
    );
  }

  /** The definition for a URL's group, version and resource, if served. */
  find(group: string, version: string, plural: string): ResourceDefinition | undefined {
    return this.definitions.find((definition) => definition.group === group && definition.version === version && definition.plural === plural);
  }

  /** All served definitions. */
  all(): ResourceDefinition[] {
    return [...this.definitions];
  }

  /** Served groups with their versions (first registered version first), core group excluded. */
  groups(): Map<string, string[]> {
    const groups = new Map<string, string[]>();
    for (const definition of this.definitions) {
      if (!definition.group) continue;
      const versions = groups.get(definition.group) ?? [];
      if (!versions.includes(definition.version)) versions.push(definition.version);
      groups.set(definition.group, versions);
    }
    return groups;
  }

  /** Definitions of one group/version (`''` group for the core `v1`). */
  inGroupVersion(group: string, version: string): ResourceDefinition[] {
    return this.definitions.filter((definition) => definition.group === group && definition.version === version);
  }
}
