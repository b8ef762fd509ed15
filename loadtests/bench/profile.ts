/**
 * Summarises a V8 CPU profile (the `.cpuprofile` that `node --cpu-prof` writes on exit) into
 * where the time went: self time per module (Node's internals by area, each npm package, each
 * workspace) and the hottest functions. Self time is what a function spent in its own code, so
 * the rows add up to the busy time and point at what to optimise.
 */

/** The subset of the `.cpuprofile` format this summary reads. */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileRow {
  name: string;
  selfMs: number;
  /** Share of the busy (non-idle) time, in percent. */
  percent: number;
}

export interface ProfileSummary {
  /** Sampled time the process was not idle, ms. */
  busyMs: number;
  idleMs: number;
  byModule: ProfileRow[];
  topFunctions: ProfileRow[];
}

/** Which module a frame's code belongs to, from its script URL. */
export function moduleOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) {
    const path = url.slice('node:'.length).replace(/^internal\//, '');
    return `node:${path.split('/')[0]}`;
  }
  const packagePath = url.split('/node_modules/').pop()!;
  if (packagePath !== url) {
    const parts = packagePath.split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const workspace = /\/services\/([^/]+)\//.exec(url);
  return workspace ? `@modelgate/${workspace[1]}` : '(other)';
}

/** Self time per module and per function; `top` limits each list. */
export function summarizeProfile(profile: CpuProfile, top = 15): ProfileSummary {
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const byNode = new Map<number, number>();
  // Each sample stands for the time until the next one, in microseconds.
  for (let i = 0; i < samples.length; i++) {
    const micros = deltas[i + 1] ?? 0;
    byNode.set(samples[i]!, (byNode.get(samples[i]!) ?? 0) + micros);
  }

  const modules = new Map<string, number>();
  const functions = new Map<string, number>();
  let idleMicros = 0;
  let busyMicros = 0;
  for (const node of profile.nodes) {
    const micros = byNode.get(node.id) ?? 0;
    if (micros === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idleMicros += micros;
      continue;
    }
    busyMicros += micros;
    const module = moduleOf(url, functionName);
    modules.set(module, (modules.get(module) ?? 0) + micros);
    const where = url === '' ? '' : ` ${shortUrl(url)}:${lineNumber + 1}`;
    const name = `${functionName || '(anonymous)'}${where}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }

  const rows = (entries: Map<string, number>): ProfileRow[] =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({
        name,
        selfMs: micros / 1000,
        percent: busyMicros === 0 ? 0 : (micros / busyMicros) * 100,
      }));
  return {
    busyMs: busyMicros / 1000,
    idleMs: idleMicros / 1000,
    byModule: rows(modules),
    topFunctions: rows(functions),
  };
}

/** The part of a script URL worth printing: from the package or workspace on. */
function shortUrl(url: string): string {
  const afterModules = url.split('/node_modules/').pop()!;
  if (afterModules !== url) return afterModules;
  const workspace = url.indexOf('/services/');
  if (workspace >= 0) return url.slice(workspace + 1);
  return url.replace(/^file:\/\//, '');
}
