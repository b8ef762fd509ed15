import { format } from 'node:util';
import { Counter, Histogram, type LabelValues } from 'prom-client';

/*
 * prom-client's `labels(...)` child records through the metric's own `inc`/`observe` with the
 * child's label object: every call checks the labels against the label names, builds the series
 * key string from them, looks the series up by that string and, for a histogram, finds the bucket
 * and indexes the bucket counts by the bound's number (turned into a string each time). That is
 * about half a microsecond per call, several times per relayed request.
 *
 * The metrics below keep prom-client's storage, exposition, `reset`, `remove` and aggregation
 * untouched; only their children differ: a child records its first value through the metric's
 * public method (which validates and creates the series), then holds that series and adds to it
 * directly. `reset`, `remove` and `zero` replace or drop series, so each of them starts a new
 * generation of the metric, and a child of an older one looks its series up again. The series
 * shapes are prom-client 15's (`hashMap` entries); a test records the same values through these
 * metrics and plain prom-client ones and compares the exposition byte for byte.
 */

/** A counter series as prom-client 15 keeps it. */
interface CounterSeries {
  value: number;
  labels: LabelValues<string>;
}

/** A histogram series as prom-client 15 keeps it: bucket counts keyed by their upper bound. */
interface HistogramSeries {
  labels: LabelValues<string>;
  bucketValues: Record<string, number>;
  sum: number;
  count: number;
}

/** What of prom-client's internals the children read. */
interface MetricInternals<S> {
  hashMap: Record<string, S>;
  labelNames: string[];
  enableExemplars?: boolean;
}

type LabelArgs<T extends string> = [LabelValues<T>] | string[];

/** The label object of a `labels(...)` call, as prom-client makes it (it has checked the arguments). */
function labelsOf(labelNames: readonly string[], args: LabelArgs<string>): LabelValues<string> {
  if (typeof args[0] === 'object') return args[0];
  const labels: Record<string, string> = {};
  for (let i = 0; i < labelNames.length; i++) labels[labelNames[i]!] = args[i] as string;
  return labels;
}

/** The series of `hashMap` with exactly these label values, if there is one. */
function seriesWith<S extends { labels: LabelValues<string> }>(hashMap: Record<string, S>, labels: LabelValues<string>): S | undefined {
  const names = Object.keys(labels).filter((name) => labels[name] !== undefined);
  for (const series of Object.values(hashMap)) {
    const own = Object.keys(series.labels).filter((name) => series.labels[name] !== undefined);
    if (own.length === names.length && names.every((name) => series.labels[name] === labels[name])) return series;
  }
  return undefined;
}

/** A prom-client Counter whose `labels(...)` children add to their series directly. */
export class BoundCounter<T extends string = string> extends Counter<T> {
  /** Bumped whenever series may have been replaced or dropped (declared: set from the base constructor). */
  declare generation: number;

  override reset(): void {
    super.reset();
    this.generation = (this.generation ?? 0) + 1;
  }

  override remove(...args: LabelArgs<T>): void {
    super.remove(...(args as string[]));
    this.generation++;
  }

  override labels(...args: LabelArgs<T>): Counter.Internal {
    const child = super.labels(...(args as string[]));
    const internals = this as unknown as MetricInternals<CounterSeries>;
    if (internals.enableExemplars) return child;
    return new CounterChild(this, labelsOf(internals.labelNames, args));
  }
}

class CounterChild implements Counter.Internal {
  private series: CounterSeries | undefined;
  private generation = 0;

  constructor(
    private readonly metric: BoundCounter<string>,
    private readonly labels: LabelValues<string>,
  ) {}

  inc(value?: number): void {
    const series = this.generation === this.metric.generation ? this.series : undefined;
    if (series === undefined) {
      this.metric.inc(this.labels, value as number);
      this.series = seriesWith((this.metric as unknown as MetricInternals<CounterSeries>).hashMap, this.labels);
      this.generation = this.metric.generation;
      return;
    }
    // prom-client's checks, in its order and with its messages.
    if (value && !Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${format(value)}`);
    if ((value as number) < 0) throw new Error('It is not possible to decrease a counter');
    series.value += value === null || value === undefined ? 1 : value;
  }
}

/** A prom-client Histogram whose `labels(...)` children add to their series directly. */
export class BoundHistogram<T extends string = string> extends Histogram<T> {
  declare generation: number;
  /** The bucket bounds and the keys their counts are kept under (`String(bound)`). */
  readonly bounds: readonly number[] = (this as unknown as { upperBounds: number[] }).upperBounds;
  readonly bucketKeys: readonly string[] = this.bounds.map(String);

  override reset(): void {
    super.reset();
    this.generation = (this.generation ?? 0) + 1;
  }

  override remove(...args: LabelArgs<T>): void {
    super.remove(...(args as string[]));
    this.generation++;
  }

  override zero(labels: LabelValues<T>): void {
    super.zero(labels);
    this.generation++;
  }

  override labels(...args: LabelArgs<T>): Histogram.Internal<T> {
    const child = super.labels(...(args as string[]));
    const internals = this as unknown as MetricInternals<HistogramSeries>;
    if (internals.enableExemplars) return child;
    return new HistogramChild(this as BoundHistogram<string>, labelsOf(internals.labelNames, args), child.startTimer);
  }
}

class HistogramChild<T extends string> implements Histogram.Internal<T> {
  private series: HistogramSeries | undefined;
  private generation = 0;

  constructor(
    private readonly metric: BoundHistogram<string>,
    private readonly labels: LabelValues<string>,
    readonly startTimer: Histogram.Internal<T>['startTimer'],
  ) {}

  observe(value: number): void {
    const series = this.generation === this.metric.generation ? this.series : undefined;
    if (series === undefined) {
      this.metric.observe(this.labels, value);
      this.series = seriesWith((this.metric as unknown as MetricInternals<HistogramSeries>).hashMap, this.labels);
      this.generation = this.metric.generation;
      return;
    }
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${format(value)}`);
    series.sum += value;
    series.count += 1;
    const bounds = this.metric.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        series.bucketValues[this.metric.bucketKeys[i]!]! += 1;
        return;
      }
    }
  }
}
