import { Counter, Histogram, Registry } from 'prom-client';
import { BoundCounter, BoundHistogram } from './bound-series';

/** A small seeded generator (mulberry32), so a failing sequence can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LABELS = ['protocol', 'outcome'] as const;
const PROTOCOLS = ['openai', 'anthropic', 'gemini'];
const OUTCOMES = ['2xx', '4xx', '5xx'];
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

describe('metrics whose children hold their series', () => {
  it('expose exactly what prom-client’s own counter does, through resets and removals', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const next = random(seed);
      const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
      const plainRegistry = new Registry();
      const boundRegistry = new Registry();
      const config = (registry: Registry) => ({ name: 'modelgate_test_total', help: 'test', labelNames: [...LABELS], registers: [registry] });
      const plainCounter = new Counter(config(plainRegistry));
      const boundCounter = new BoundCounter(config(boundRegistry));
      const plainChildren = new Map<string, Counter.Internal>();
      const boundChildren = new Map<string, Counter.Internal>();
      for (let step = 0; step < 2_000; step++) {
        const protocol = pick(PROTOCOLS);
        const outcome = pick(OUTCOMES);
        const key = `${protocol} ${outcome}`;
        const roll = next();
        if (roll < 0.01) {
          plainCounter.reset();
          boundCounter.reset();
        } else if (roll < 0.03) {
          plainCounter.remove(protocol, outcome);
          boundCounter.remove(protocol, outcome);
        } else if (roll < 0.1) {
          plainCounter.inc({ protocol, outcome }, 2);
          boundCounter.inc({ protocol, outcome }, 2);
        } else {
          if (!plainChildren.has(key)) {
            plainChildren.set(key, plainCounter.labels(protocol, outcome));
            boundChildren.set(key, boundCounter.labels(protocol, outcome));
          }
          const value = roll < 0.5 ? undefined : Math.floor(next() * 1000) / 8;
          plainChildren.get(key)!.inc(value);
          boundChildren.get(key)!.inc(value);
        }
      }
      expect(await boundRegistry.metrics()).toBe(await plainRegistry.metrics());
      expect(await boundRegistry.metrics()).toContain('modelgate_test_total{protocol=');
    }
  });

  it('expose exactly what prom-client’s own histogram does, through resets, removals and zeroing', async () => {
    for (const seed of [11, 12, 13, 14, 15]) {
      const next = random(seed);
      const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
      const plainRegistry = new Registry();
      const boundRegistry = new Registry();
      const config = (registry: Registry) => ({
        name: 'modelgate_test_seconds',
        help: 'test',
        labelNames: [...LABELS],
        buckets: [...BUCKETS],
        registers: [registry],
      });
      const plainHistogram = new Histogram(config(plainRegistry));
      const boundHistogram = new BoundHistogram(config(boundRegistry));
      const plainChildren = new Map<string, Histogram.Internal<string>>();
      const boundChildren = new Map<string, Histogram.Internal<string>>();
      for (let step = 0; step < 2_000; step++) {
        const protocol = pick(PROTOCOLS);
        const outcome = pick(OUTCOMES);
        const key = `${protocol} ${outcome}`;
        const roll = next();
        // Values on and around every bound, beyond the last, zero and negative.
        const value = roll < 0.3 ? pick([...BUCKETS, 0, -1, 500]) : next() * 150;
        if (roll < 0.01) {
          plainHistogram.reset();
          boundHistogram.reset();
        } else if (roll < 0.02) {
          plainHistogram.remove(protocol, outcome);
          boundHistogram.remove(protocol, outcome);
        } else if (roll < 0.03) {
          plainHistogram.zero({ protocol, outcome });
          boundHistogram.zero({ protocol, outcome });
        } else if (roll < 0.1) {
          plainHistogram.observe({ protocol, outcome }, value);
          boundHistogram.observe({ protocol, outcome }, value);
        } else {
          if (!plainChildren.has(key)) {
            plainChildren.set(key, plainHistogram.labels({ protocol, outcome }));
            boundChildren.set(key, boundHistogram.labels({ protocol, outcome }));
          }
          plainChildren.get(key)!.observe(value);
          boundChildren.get(key)!.observe(value);
        }
      }
      expect(await boundRegistry.metrics()).toBe(await plainRegistry.metrics());
      expect(await boundRegistry.metrics()).toContain('modelgate_test_seconds_bucket{le="0.005",protocol=');
    }
  });

  it('refuse what prom-client refuses, with its errors, before and after a child holds its series', () => {
    const registry = new Registry();
    const counter = new BoundCounter({ name: 'modelgate_refused_total', help: 'test', labelNames: [...LABELS], registers: [registry] });
    const histogram = new BoundHistogram({ name: 'modelgate_refused_seconds', help: 'test', labelNames: [...LABELS], registers: [registry] });
    expect(() => counter.labels('openai')).toThrow('Invalid number of arguments (1): "openai" for label names (2): "protocol, outcome".');
    expect(() => counter.labels({ model: 'x' } as never).inc()).toThrow('Added label "model" is not included in initial labelset');
    expect(() => histogram.labels({ model: 'x' } as never)).toThrow('Added label "model" is not included in initial labelset');
    const child = counter.labels('openai', '2xx');
    const timed = histogram.labels('openai', '2xx');
    for (const round of ['first', 'held']) {
      expect(() => child.inc(-1)).toThrow('It is not possible to decrease a counter');
      expect(() => child.inc(Infinity)).toThrow(new TypeError('Value is not a valid number: Infinity'));
      expect(() => timed.observe(Number.NaN)).toThrow(new TypeError('Value is not a valid number: NaN'));
      if (round === 'first') {
        child.inc();
        timed.observe(0.2);
      }
    }
    timed.startTimer()();
    expect(histogram.labels('openai', '2xx')).not.toBe(timed);
  });

  it('leave children to prom-client when exemplars are on', async () => {
    const pages: string[] = [];
    for (const Make of [Counter, BoundCounter]) {
      const registry = new Registry<typeof Registry.OPENMETRICS_CONTENT_TYPE>();
      registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
      const counter = new Make({ name: 'modelgate_exemplar', help: 'test', labelNames: ['outcome'], registers: [registry], enableExemplars: true });
      counter.labels('2xx').inc(2);
      counter.inc({ labels: { outcome: '4xx' }, value: 3, exemplarLabels: { traceId: 'abc' } } as never);
      // Exemplars carry the time they were taken: left out of the comparison.
      pages.push((await registry.metrics()).replace(/(# \{[^}]*\} [\d.]+) [\d.]+$/gm, '$1'));
    }
    expect(pages[1]).toBe(pages[0]);
    expect(pages[1]).toContain('modelgate_exemplar_total{outcome="4xx"} 3 # {traceId="abc"} 3');
  });
});
