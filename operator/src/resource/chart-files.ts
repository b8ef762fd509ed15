/**
 * The CRD chart's Channel CRD, read from the source tree: the single definition, which the
 * operator's tests and benchmark serve from their fake API server. (Provider names map to channel
 * types through `@modelgate/channel-types`, which also generates the CRD's `spec.type` enum.)
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
