/**
 * Server-side printing: answers `Accept: application/json;as=Table;v=v1;g=meta.k8s.io` with a
 * `meta.k8s.io/v1` `Table` whose columns are NAME plus the resource's printer columns (a CRD's
 * `additionalPrinterColumns`), the way kubectl `get` expects it.
 */
import { evaluateJsonPath } from './json-path';
import type { KubeObject, PrinterColumn, ResourceDefinition } from './types';

/** True when the request's Accept header asks for a Table. */
export function wantsTable(acceptHeader: string | undefined): boolean {
  return acceptHeader !== undefined && /as=Table/.test(acceptHeader) && /g=meta\.k8s\.io/.test(acceptHeader);
}

/** Which `object` each row carries (`includeObject` query parameter). */
export type IncludeObject = 'None' | 'Metadata' | 'Object';

interface TableColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

const nameColumn: TableColumnDefinition = {
  name: 'Name',
  type: 'string',
  format: 'name',
  description: 'Name must be unique within a namespace.',
  priority: 0,
};

/** Go's `duration.HumanDuration`: the AGE format kubectl users know (`45s`, `3m12s`, `5h4m`, `2d3h`). */
export function humanDuration(milliseconds: number): string {
  const seconds = Math.trunc(milliseconds / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) return hours % 24 === 0 ? `${hours / 24}d` : `${Math.trunc(hours / 24)}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 365 * 8) return days % 365 === 0 ? `${days / 365}y` : `${Math.trunc(days / 365)}y${days % 365}d`;
  return `${Math.trunc(days / 365)}y`;
}

function cellValue(column: PrinterColumn, object: KubeObject, now: Date): unknown {
  let results: unknown[];
  try {
    results = evaluateJsonPath(object, column.jsonPath);
  } catch {
    return null;
  }
  const value = results[0];
  if (value === undefined || value === null) return null;
  switch (column.type) {
    case 'integer':
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : String(value) === 'true';
    case 'date': {
      const time = Date.parse(String(value));
      return Number.isNaN(time) ? String(value) : humanDuration(now.getTime() - time);
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

function rowObject(object: KubeObject, include: IncludeObject): KubeObject | undefined {
  if (include === 'None') return undefined;
  if (include === 'Object') return object;
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: object.metadata ?? {} };
}

/** Builds the Table for a list (or a single object as a one-row table). */
export function toTable(
  definition: ResourceDefinition,
  objects: KubeObject[],
  resourceVersion: string,
  include: IncludeObject = 'Metadata',
  now: Date = new Date(),
): KubeObject {
  const columns: TableColumnDefinition[] = [
    nameColumn,
    ...definition.printerColumns.map((column) => ({
      name: column.name,
      type: column.type,
      format: column.format ?? '',
      description: column.description ?? '',
      priority: column.priority ?? 0,
    })),
  ];
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion },
    columnDefinitions: columns,
    rows: objects.map((object) => {
      const row: Record<string, unknown> = {
        cells: [object.metadata?.name ?? '', ...definition.printerColumns.map((column) => cellValue(column, object, now))],
      };
      const carried = rowObject(object, include);
      if (carried) row.object = carried;
      return row;
    }),
  };
}
