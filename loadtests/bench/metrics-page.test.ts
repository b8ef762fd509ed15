import { metricSample, metricSum } from './metrics-page';

describe('reading a Prometheus page', () => {
  const page = [
    '# HELP modelgate_relay_channels Channels in this relay’s routing snapshot, by state (enabled, disabled)',
    '# TYPE modelgate_relay_channels gauge',
    'modelgate_relay_channels_seen 7',
    'modelgate_relay_channels{service="relay",state="enabled"} 10000',
    'modelgate_relay_channels{state="disabled",service="relay"} 1',
    'nodejs_eventloop_lag_max_seconds 0.012',
    'odd{note="a \\"quoted\\" } brace"} 3',
  ].join('\n');

  it('finds a sample by name and by the labels asked, in any order, beside labels not asked', () => {
    expect(metricSample(page, 'modelgate_relay_channels', { state: 'enabled' })).toBe(10000);
    expect(metricSample(page, 'modelgate_relay_channels', { state: 'disabled' })).toBe(1);
    expect(metricSample(page, 'nodejs_eventloop_lag_max_seconds')).toBe(0.012);
    expect(metricSample(page, 'odd', { note: 'a \\"quoted\\" } brace' })).toBe(3);
  });

  it('takes no other metric whose name starts with the one asked, and answers null for what is not there', () => {
    expect(metricSample(page, 'modelgate_relay_channels')).toBe(10000);
    expect(metricSample(page, 'modelgate_relay_channels', { state: 'paused' })).toBeNull();
    expect(metricSample(page, 'modelgate_relay_channel')).toBeNull();
    expect(metricSample('', 'nodejs_eventloop_lag_max_seconds')).toBeNull();
  });

  it('sums every series of a metric, or those with the labels asked', () => {
    const gc = [
      'nodejs_gc_duration_seconds_sum{kind="minor"} 0.25',
      'nodejs_gc_duration_seconds_sum{kind="major"} 0.5',
      'nodejs_gc_duration_seconds_count{kind="major"} 3',
    ].join('\n');
    expect(metricSum(gc, 'nodejs_gc_duration_seconds_sum')).toBe(0.75);
    expect(metricSum(gc, 'nodejs_gc_duration_seconds_sum', { kind: 'major' })).toBe(0.5);
    expect(metricSum(gc, 'nodejs_gc_duration_seconds_total')).toBe(0);
  });
});
