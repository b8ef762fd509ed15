import { latency, scenario } from './test-fixtures';
import { checkTarget, computeRatios, evaluateTargets, UNITS } from './targets';
import type { ScenarioResult } from './types';

/** A run where the relay meets every target with room to spare. */
function passingRun(): ScenarioResult[] {
  return [
    scenario({ target: 'direct', mode: 'json', connections: 1, latency: latency(0.1, 0.3) }),
    scenario({ target: 'direct', mode: 'json', connections: 50, rps: 30_000 }),
    scenario({ target: 'direct', mode: 'stream', connections: 1, ttfc: latency(0.1, 0.4) }),
    scenario({ target: 'direct', mode: 'stream', connections: 50, rps: 20_000 }),
    scenario({ target: 'bare', mode: 'json', connections: 50, rps: 15_000 }),
    scenario({ target: 'bare', mode: 'stream', connections: 50, rps: 7_500 }),
    scenario({ target: 'portkey', mode: 'json', connections: 50, rps: 800 }),
    scenario({ target: 'relay', mode: 'json', connections: 1, latency: latency(0.25, 1.1) }),
    scenario({ target: 'relay', mode: 'json', connections: 50, rps: 12_000 }),
    scenario({ target: 'relay', mode: 'stream', connections: 1, ttfc: latency(0.35, 2) }),
    scenario({ target: 'relay', mode: 'stream', connections: 50, rps: 6_000 }),
  ];
}

describe('computeRatios', () => {
  it('compares the relay with direct and Portkey per mode and connection count', () => {
    const ratios = computeRatios(passingRun(), [1, 50]);
    const json50 = ratios.find((r) => r.mode === 'json' && r.connections === 50)!;
    expect(json50.relayVsDirect).toBeCloseTo(0.4);
    expect(json50.relayVsBare).toBeCloseTo(0.8);
    expect(json50.relayVsPortkey).toBeCloseTo(15);
    const json1 = ratios.find((r) => r.mode === 'json' && r.connections === 1)!;
    expect(json1.addedP50Ms).toBeCloseTo(0.15);
    expect(json1.addedP99Ms).toBeCloseTo(0.8);
    expect(json1.addedTtfcP50Ms).toBeNull();
    const stream1 = ratios.find((r) => r.mode === 'stream' && r.connections === 1)!;
    expect(stream1.addedTtfcP50Ms).toBeCloseTo(0.25);
  });

  it('leaves out invalid scenarios instead of comparing their numbers', () => {
    const run = passingRun().map((r) =>
      r.target === 'relay' && r.connections === 50 && r.mode === 'json' ? { ...r, rps: 90_000, invalidReason: '5 non-2xx' } : r,
    );
    const json50 = computeRatios(run, [50]).find((r) => r.mode === 'json')!;
    expect(json50.relayVsDirect).toBeNull();
    expect(json50.relayVsBare).toBeNull();
    expect(json50.relayVsPortkey).toBeNull();
  });
});

describe('computeRatios with two relay workers', () => {
  const withWorkers = () => [
    ...passingRun(),
    scenario({ target: 'relay-2w', mode: 'json', connections: 50, rps: 16_800 }),
    scenario({ target: 'relay-2w', mode: 'stream', connections: 50, rps: 4_500 }),
    scenario({ target: 'relay-2w', mode: 'json', connections: 1, rps: 950 }),
  ];

  it("divides the two-worker relay's req/s by the one-process relay's per mode and connection count", () => {
    const ratios = computeRatios(withWorkers(), [1, 50]);
    const at = (mode: string, connections: number) => ratios.find((r) => r.mode === mode && r.connections === connections)!;
    expect(at('json', 50).twoWorkersVsOne).toBeCloseTo(1.4);
    expect(at('stream', 50).twoWorkersVsOne).toBeCloseTo(0.75);
    expect(at('json', 1).twoWorkersVsOne).toBeCloseTo(0.95);
    // No two-worker scenario at 1 connection in stream mode: nothing to compare.
    expect(at('stream', 1).twoWorkersVsOne).toBeNull();
    // The relay's other comparisons are the one-process relay's, whatever the workers did.
    expect(at('json', 50).relayVsBare).toBeCloseTo(0.8);
  });

  it('compares nothing when either side is invalid', () => {
    const invalidWorkers = withWorkers().map((r) => (r.target === 'relay-2w' ? { ...r, invalidReason: '3 non-2xx' } : r));
    expect(computeRatios(invalidWorkers, [50]).every((r) => r.twoWorkersVsOne === null)).toBe(true);
    const invalidRelay = withWorkers().map((r) => (r.target === 'relay' ? { ...r, invalidReason: '3 non-2xx' } : r));
    expect(computeRatios(invalidRelay, [50]).every((r) => r.twoWorkersVsOne === null)).toBe(true);
  });

  it('leaves the targets to the one-process relay', () => {
    const faster = withWorkers().map((r) => (r.target === 'relay-2w' ? { ...r, rps: r.rps * 10 } : r));
    expect(evaluateTargets(faster, 120)).toEqual(evaluateTargets(passingRun(), 120));
    // Only the two-worker relay valid: its memory is not the one-process relay's, so RSS is not checked.
    const onlyWorkers = faster.map((r) => (r.target === 'relay' ? { ...r, invalidReason: '800× 404' } : r));
    expect(evaluateTargets(onlyWorkers, 150)[6]).toMatchObject({ status: 'n/a', margin: 'no valid relay scenario' });
  });
});

describe('checkTarget', () => {
  it('passes at the limit and reports the margin in the unit and relative to the limit', () => {
    expect(checkTarget('t', 12, { atLeast: 10 }, UNITS.times, '')).toEqual({
      name: 't',
      status: 'PASS',
      actual: '12.0×',
      limit: '≥ 10.0×',
      margin: '+2.0× (+20 %)',
    });
    expect(checkTarget('t', 0.3, { atMost: 0.3 }, UNITS.ms, '').status).toBe('PASS');
  });

  it('misses with a negative margin', () => {
    const check = checkTarget('t', 0.45, { atMost: 0.3 }, UNITS.ms, '');
    expect(check.status).toBe('MISS');
    expect(check.margin).toBe('−0.15 ms (−50 %)');
  });

  it('is n/a with the reason when there is no value', () => {
    expect(checkTarget('t', null, { atLeast: 25 }, UNITS.percent, 'not run')).toMatchObject({
      status: 'n/a',
      actual: '',
      margin: 'not run',
    });
  });
});

describe('evaluateTargets', () => {
  it('passes every target of a good run', () => {
    const checks = evaluateTargets(passingRun(), 120);
    expect(checks.map((c) => c.status)).toEqual(Array(7).fill('PASS'));
    expect(checks.map((c) => c.actual)).toEqual(['15.0×', '80.0 %', '0.15 ms', '0.80 ms', '80.0 %', '0.25 ms', '120 MB']);
  });

  it('misses what the relay does not reach', () => {
    const run = passingRun().map((r) => (r.target === 'relay' && r.mode === 'json' && r.connections === 50 ? { ...r, rps: 6_000 } : r));
    const checks = evaluateTargets(run, 250);
    expect(checks[0]).toMatchObject({ status: 'MISS', actual: '7.5×' });
    expect(checks[1]).toMatchObject({ status: 'MISS', actual: '40.0 %', margin: '−30.0 pts (−43 %)' });
    expect(checks[6]).toMatchObject({ status: 'MISS', margin: '−50 MB (−25 %)' });
  });

  it('is n/a, naming what is missing, when the relay only answered errors', () => {
    const run = passingRun().map((r) => (r.target === 'relay' ? { ...r, invalidReason: '800× 404' } : r));
    const checks = evaluateTargets(run, 60);
    expect(checks.every((c) => c.status === 'n/a')).toBe(true);
    expect(checks[0]!.margin).toBe('no valid json run at 50 conn for relay');
    expect(checks[6]!.margin).toBe('no valid relay scenario');
  });

  it("checks the relay's memory when only its translated scenarios were valid, as they load the same process", () => {
    const run = passingRun().map((r) => (r.target === 'relay' ? { ...r, invalidReason: '800× 404' } : r));
    const translated = scenario({ target: 'relay-anthropic', mode: 'json', connections: 1 });
    expect(evaluateTargets([...run, translated], 150)[6]).toMatchObject({ status: 'PASS', actual: '150 MB' });
    const gemini = scenario({ target: 'relay-gemini', mode: 'stream', connections: 50 });
    expect(evaluateTargets([...run, gemini], 150)[6]).toMatchObject({ status: 'PASS', actual: '150 MB' });
    const responses = scenario({ target: 'relay-responses-chat', mode: 'json', connections: 50 });
    expect(evaluateTargets([...run, responses], 150)[6]).toMatchObject({ status: 'PASS', actual: '150 MB' });
    // The other protocols' scenarios (the Responses passthrough too) leave the chat passthrough's targets alone.
    const others = [translated, gemini, responses, scenario({ target: 'relay-responses', mode: 'json', connections: 50 })];
    expect(evaluateTargets([...passingRun(), ...others.map((r) => ({ ...r, rps: 1 }))], 120).map((c) => c.actual)).toEqual(
      evaluateTargets(passingRun(), 120).map((c) => c.actual),
    );
  });

  it('is n/a for Portkey targets when Portkey was not run', () => {
    const run = passingRun().filter((r) => r.target !== 'portkey');
    expect(evaluateTargets(run, 100)[0]).toMatchObject({ status: 'n/a', margin: 'no valid json run at 50 conn for portkey' });
  });
});
