import { latency, scenario } from './test-fixtures';
import { computeTranslation } from './translation';
import type { ScenarioResult } from './types';

/**
 * Passthrough and translated relay scenarios of a run, plus the references the translation
 * ignores. Gemini ran at 1 connection only, as a partial run (`--connections`) can leave it.
 */
function run(): ScenarioResult[] {
  return [
    scenario({ target: 'direct', mode: 'json', connections: 1, rps: 9_000, latency: latency(0.1, 0.3) }),
    scenario({ target: 'relay', mode: 'json', connections: 1, rps: 1_600, latency: latency(0.4, 3) }),
    scenario({ target: 'relay-anthropic', mode: 'json', connections: 1, rps: 1_400, latency: latency(0.55, 3.2) }),
    scenario({ target: 'relay', mode: 'json', connections: 50, rps: 3_600, latency: latency(12, 40) }),
    scenario({ target: 'relay-anthropic', mode: 'json', connections: 50, rps: 2_880, latency: latency(15, 45) }),
    scenario({ target: 'relay', mode: 'stream', connections: 1, rps: 1_400, latency: latency(0.5, 3), ttfc: latency(0.8, 4) }),
    scenario({ target: 'relay-anthropic', mode: 'stream', connections: 1, rps: 1_000, latency: latency(0.75, 3.5), ttfc: latency(1.1, 5) }),
    scenario({ target: 'relay-gemini', mode: 'json', connections: 1, rps: 1_200, latency: latency(0.6, 3.3) }),
    scenario({ target: 'relay-gemini', mode: 'stream', connections: 1, rps: 1_050, latency: latency(0.7, 3.6), ttfc: latency(1.3, 6) }),
  ];
}

/** The same run with the Responses scenarios: passed through, and converted for the chat-only channel. */
function runWithResponses(): ScenarioResult[] {
  return [
    ...run(),
    scenario({ target: 'relay-responses', mode: 'json', connections: 50, rps: 3_240, latency: latency(14, 40) }),
    scenario({ target: 'relay-responses-chat', mode: 'json', connections: 50, rps: 2_520, latency: latency(17, 52) }),
    scenario({ target: 'relay-responses', mode: 'stream', connections: 1, rps: 1_330, latency: latency(0.55, 3.1), ttfc: latency(0.9, 4) }),
    scenario({ target: 'relay-responses-chat', mode: 'stream', connections: 1, rps: 1_120, latency: latency(0.7, 3.4), ttfc: latency(1.2, 5) }),
  ];
}

describe('computeTranslation', () => {
  it('compares each translated scenario with the passthrough one of the same mode and connection count', () => {
    const rows = computeTranslation(run(), [1, 50]);
    expect(rows.map((r) => `${r.mode} ${r.connections} ${r.target}`)).toEqual([
      'json 1 relay-anthropic',
      'json 1 relay-gemini',
      'json 50 relay-anthropic',
      'stream 1 relay-anthropic',
      'stream 1 relay-gemini',
    ]);
    const [json1, , json50, stream1] = rows;
    expect(json1).toMatchObject({ passthroughRps: 1_600, translatedRps: 1_400, translatedTtfcP50Ms: null, addedTtfcP50Ms: null });
    expect(json1!.translatedVsPassthrough).toBeCloseTo(0.875);
    expect(json1!.addedP50Ms).toBeCloseTo(0.15);
    expect(json1!.addedP99Ms).toBeCloseTo(0.2);
    expect(json50!.translatedVsPassthrough).toBeCloseTo(0.8);
    expect(stream1!.translatedTtfcP50Ms).toBeCloseTo(1.1);
    expect(stream1!.addedTtfcP50Ms).toBeCloseTo(0.3);
    expect(stream1!.addedP50Ms).toBeCloseTo(0.25);
  });

  it('compares the Gemini scenarios with the same passthrough ones', () => {
    const rows = computeTranslation(run(), [1, 50]).filter((r) => r.target === 'relay-gemini');
    const [json1, stream1] = rows;
    expect(json1).toMatchObject({ mode: 'json', passthroughRps: 1_600, translatedRps: 1_200, addedTtfcP50Ms: null });
    expect(json1!.translatedVsPassthrough).toBeCloseTo(0.75);
    expect(json1!.addedP50Ms).toBeCloseTo(0.2);
    expect(json1!.addedP99Ms).toBeCloseTo(0.3);
    expect(stream1).toMatchObject({ mode: 'stream', passthroughRps: 1_400, translatedRps: 1_050, translatedTtfcP50Ms: 1.3 });
    expect(stream1!.addedTtfcP50Ms).toBeCloseTo(0.5);
  });

  it('compares the Responses scenarios, passed through and converted, with the same chat passthrough ones', () => {
    const rows = computeTranslation(runWithResponses(), [1, 50]);
    expect(rows.map((r) => `${r.mode} ${r.connections} ${r.target}`)).toEqual([
      'json 1 relay-anthropic',
      'json 1 relay-gemini',
      'json 50 relay-anthropic',
      'json 50 relay-responses',
      'json 50 relay-responses-chat',
      'stream 1 relay-anthropic',
      'stream 1 relay-gemini',
      'stream 1 relay-responses',
      'stream 1 relay-responses-chat',
    ]);
    const json50 = rows.filter((r) => r.mode === 'json' && r.connections === 50);
    expect(json50.map((r) => r.passthroughRps)).toEqual([3_600, 3_600, 3_600]);
    expect(json50[1]!.translatedVsPassthrough).toBeCloseTo(0.9);
    expect(json50[2]!.translatedVsPassthrough).toBeCloseTo(0.7);
    expect(json50[2]!.addedP50Ms).toBeCloseTo(5);
    expect(json50[2]!.addedP99Ms).toBeCloseTo(12);
    const [passthrough, converted] = rows.filter((r) => r.mode === 'stream' && r.target.startsWith('relay-responses'));
    expect(passthrough).toMatchObject({ passthroughRps: 1_400, translatedRps: 1_330, translatedTtfcP50Ms: 0.9 });
    expect(passthrough!.addedTtfcP50Ms).toBeCloseTo(0.1);
    expect(converted).toMatchObject({ passthroughRps: 1_400, translatedRps: 1_120, translatedTtfcP50Ms: 1.2 });
    expect(converted!.addedP50Ms).toBeCloseTo(0.2);
    expect(converted!.addedTtfcP50Ms).toBeCloseTo(0.4);
  });

  it('has rows only for the translated targets that ran', () => {
    const withoutGemini = run().filter((r) => r.target !== 'relay-gemini');
    expect(computeTranslation(withoutGemini, [1, 50]).every((r) => r.target === 'relay-anthropic')).toBe(true);
    const onlyGemini = run().filter((r) => r.target !== 'relay-anthropic');
    expect(computeTranslation(onlyGemini, [1, 50]).map((r) => `${r.mode} ${r.connections} ${r.target}`)).toEqual([
      'json 1 relay-gemini',
      'stream 1 relay-gemini',
    ]);
    expect(computeTranslation(onlyGemini.filter((r) => r.target !== 'relay-gemini'), [1, 50])).toEqual([]);
  });

  it('keeps the row of an invalid scenario but none of its numbers', () => {
    const results = run().map((r) =>
      r.target === 'relay-anthropic' && r.mode === 'json' && r.connections === 50 ? { ...r, rps: 90_000, invalidReason: '12 non-2xx' } : r,
    );
    const json50 = computeTranslation(results, [50]).find((r) => r.mode === 'json')!;
    expect(json50).toMatchObject({ passthroughRps: 3_600, translatedRps: null, translatedVsPassthrough: null, addedP50Ms: null });
  });

  it("keeps one translated target's numbers when the other's scenario was invalid", () => {
    const results = run().map((r) => (r.target === 'relay-anthropic' ? { ...r, invalidReason: '5 non-2xx' } : r));
    const json1 = computeTranslation(results, [1]).filter((r) => r.mode === 'json');
    expect(json1.map((r) => [r.target, r.translatedRps])).toEqual([
      ['relay-anthropic', null],
      ['relay-gemini', 1_200],
    ]);
  });

  it('shows the translated numbers without ratios when the passthrough scenario did not run', () => {
    const rows = computeTranslation(run().filter((r) => r.target !== 'relay'), [1]);
    expect(rows[0]).toMatchObject({ passthroughRps: null, translatedRps: 1_400, translatedVsPassthrough: null, addedP99Ms: null });
    expect(rows[1]).toMatchObject({ target: 'relay-gemini', passthroughRps: null, translatedRps: 1_200, addedP50Ms: null });
    expect(rows[2]).toMatchObject({ translatedTtfcP50Ms: 1.1, addedTtfcP50Ms: null });
  });
});
