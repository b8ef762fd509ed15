import { type CpuProfile, moduleOf, summarizeProfile } from './profile';

describe('moduleOf', () => {
  it.each([
    ['node:internal/streams/writable', 'f', 'node:streams'],
    ['node:http', 'f', 'node:http'],
    ['file:///app/node_modules/@grpc/grpc-js/build/src/call.js', 'f', '@grpc/grpc-js'],
    ['file:///app/node_modules/pino/lib/proto.js', 'f', 'pino'],
    ['file:///app/node_modules/a/node_modules/undici/lib/x.js', 'f', 'undici'],
    ['file:///work/main/services/relay/dist/http/relay-listener.js', 'f', '@modelgate/relay'],
    ['', '(garbage collector)', '(garbage collector)'],
    ['', 'writev', '(native)'],
    ['file:///elsewhere/x.js', 'f', '(other)'],
  ])('%s %s → %s', (url, name, expected) => {
    expect(moduleOf(url, name)).toBe(expected);
  });
});

describe('summarizeProfile', () => {
  const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(root)') },
      { id: 2, callFrame: frame('(idle)') },
      { id: 3, callFrame: frame('handle', 'file:///r/services/relay/dist/h.js', 9) },
      { id: 4, callFrame: frame('write', 'node:internal/streams/writable', 99) },
      { id: 5, callFrame: frame('(garbage collector)') },
    ],
    // Each sample lasts until the next one: 3 → 300 µs, 4 → 100 µs, 3 → 200 µs, 2 (idle) → 400 µs, 5 → 0.
    samples: [3, 4, 3, 2, 5],
    timeDeltas: [0, 300, 100, 200, 400],
  };

  it('adds self time per module and per function, leaving idle time out of the shares', () => {
    const summary = summarizeProfile(profile);
    expect(summary.busyMs).toBeCloseTo(0.6);
    expect(summary.idleMs).toBeCloseTo(0.4);
    expect(summary.byModule.map((row) => row.name)).toEqual(['@modelgate/relay', 'node:streams']);
    expect(summary.byModule[0]!.percent).toBeCloseTo(83.33, 1);
    expect(summary.topFunctions[0]).toMatchObject({ name: 'handle services/relay/dist/h.js:10' });
    expect(summary.topFunctions[0]!.selfMs).toBeCloseTo(0.5);
  });

  it('limits each list', () => {
    expect(summarizeProfile(profile, 1).byModule).toHaveLength(1);
  });
});
