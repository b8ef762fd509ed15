/**
 * The CRD chart's files, read at run time: the Channel CRD and `channel-types.yaml` (provider name →
 * channel type id). They are the single definition; the operator copies neither. The image ships
 * them at `charts/modelgate-crds` (see the Dockerfile); `MODELGATE_CRD_DIR` overrides the place.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadYaml } from '@kubernetes/client-node';

/** `charts/modelgate-crds` of the source tree or the image (same depth from `src/` and `dist/`). */
export function defaultCrdChartDir(): string {
  return resolve(__dirname, '../../../charts/modelgate-crds');
}

/** The Channel CRD (`channels.modelgate.dev`), parsed. */
export function loadChannelCrd(chartDir = defaultCrdChartDir()): Record<string, unknown> {
  return loadYaml<Record<string, unknown>>(readFileSync(join(chartDir, 'templates/channels.modelgate.dev.yaml'), 'utf8'));
}

/** Provider name → channel type id, from `channel-types.yaml`. */
export function loadChannelTypes(chartDir = defaultCrdChartDir()): ReadonlyMap<string, number> {
  const table = loadYaml<Record<string, unknown>>(readFileSync(join(chartDir, 'channel-types.yaml'), 'utf8'));
  const types = new Map<string, number>();
  for (const [name, id] of Object.entries(table ?? {})) {
    if (typeof id !== 'number' || !Number.isInteger(id)) throw new Error(`channel-types.yaml: ${name} is not an integer type id`);
    types.set(name, id);
  }
  return types;
}
