import { DEFAULT_OUT, parseBenchOptions, USAGE } from './options';

describe('parseBenchOptions', () => {
  it('defaults to a full run of every target at 1 and 50 connections', () => {
    expect(parseBenchOptions([], {})).toEqual({
      durationS: 8,
      warmupS: 2,
      ttfcS: 3,
      connections: [1, 50],
      only: ['direct', 'bare', 'portkey', 'relay', 'relay-anthropic', 'relay-gemini', 'relay-responses', 'relay-responses-chat', 'relay-2w'],
      modes: ['json', 'stream'],
      quick: false,
      out: DEFAULT_OUT,
      strict: false,
      profile: false,
      logRows: 10_000_000,
      scale: false,
      scaleOnly: ['large-db', 'streams'],
      scaleStreams: [
        { count: 1000, upstream: 'http1' },
        { count: 10000, upstream: 'http2' },
      ],
      limits: false,
      help: false,
    });
  });

  it('chooses the parts of --scale and its slow-stream runs, from flags or the environment', () => {
    expect(parseBenchOptions(['--scale', '--scale-only', 'streams', '--scale-streams', '2000:h2'], {})).toMatchObject({
      scale: true,
      scaleOnly: ['streams'],
      scaleStreams: [{ count: 2000, upstream: 'http2' }],
    });
    expect(parseBenchOptions([], { BENCH_SCALE_ONLY: 'large-db', BENCH_SCALE_STREAMS: '0' })).toMatchObject({ scaleOnly: ['large-db'], scaleStreams: [] });
    // The older switch that leaves the large database out still works; --scale-only wins over it.
    expect(parseBenchOptions([], { BENCH_SCALE_LARGE_DB: '0' }).scaleOnly).toEqual(['streams']);
    expect(parseBenchOptions(['--scale-only=large-db'], { BENCH_SCALE_LARGE_DB: '0' }).scaleOnly).toEqual(['large-db']);
    expect(USAGE).toContain('--scale-streams L');
  });

  it('sizes the log-query scenario, smaller with --quick, 0 skipping it', () => {
    expect(parseBenchOptions(['--quick'], {}).logRows).toBe(1_000_000);
    expect(parseBenchOptions(['--log-rows', '0'], {}).logRows).toBe(0);
    expect(parseBenchOptions([], { BENCH_LOG_ROWS: '2000000' }).logRows).toBe(2_000_000);
    expect(() => parseBenchOptions(['--log-rows', '-1'], {})).toThrow('--log-rows must be a whole number');
  });

  it('turns every traffic limit on with --limits or BENCH_LIMITS', () => {
    expect(parseBenchOptions(['--limits'], {}).limits).toBe(true);
    expect(parseBenchOptions([], { BENCH_LIMITS: '1' }).limits).toBe(true);
    expect(() => parseBenchOptions(['--limits=yes'], {})).toThrow('--limits takes no value');
  });

  it('shortens everything with --quick but lets explicit values win', () => {
    expect(parseBenchOptions(['--quick'], {})).toMatchObject({ durationS: 3, warmupS: 1, ttfcS: 1, quick: true });
    expect(parseBenchOptions(['--quick', '--duration', '5'], {})).toMatchObject({ durationS: 5, warmupS: 1 });
    expect(parseBenchOptions([], { BENCH_QUICK: '1' })).toMatchObject({ quick: true });
  });

  it('reads the environment, and flags override it', () => {
    const env = { BENCH_DURATION: '4', BENCH_ONLY: 'relay', BENCH_CONNECTIONS: '10', BENCH_OUT: 'x.md' };
    expect(parseBenchOptions([], env)).toMatchObject({ durationS: 4, only: ['relay'], connections: [10], out: 'x.md' });
    expect(parseBenchOptions(['--duration=6', '--only', 'direct'], env)).toMatchObject({ durationS: 6, only: ['direct'] });
  });

  it('keeps the time-to-first-chunk probe no longer than a scenario', () => {
    expect(parseBenchOptions(['--duration', '2'], {}).ttfcS).toBe(2);
    expect(parseBenchOptions(['--duration', '2', '--ttfc', '0'], {}).ttfcS).toBe(0);
  });

  it('orders --only and --connections canonically and drops duplicates', () => {
    const options = parseBenchOptions(['--only', 'relay,direct', '--connections', '50,1,50'], {});
    expect(options.only).toEqual(['direct', 'relay']);
    expect(options.connections).toEqual([1, 50]);
  });

  it("selects the relay's translated targets and the modes like the other lists", () => {
    const options = parseBenchOptions(['--only', 'relay-gemini,relay-anthropic,relay', '--modes', 'stream,json'], {});
    expect(options.only).toEqual(['relay', 'relay-anthropic', 'relay-gemini']);
    expect(parseBenchOptions(['--only', 'relay-gemini,relay'], {}).only).toEqual(['relay', 'relay-gemini']);
    expect(parseBenchOptions([], { BENCH_ONLY: 'relay-gemini' }).only).toEqual(['relay-gemini']);
    expect(parseBenchOptions(['--only', 'relay-responses-chat,relay,relay-responses'], {}).only).toEqual([
      'relay',
      'relay-responses',
      'relay-responses-chat',
    ]);
    expect(options.modes).toEqual(['json', 'stream']);
    expect(parseBenchOptions([], { BENCH_MODES: 'stream' }).modes).toEqual(['stream']);
  });

  it('selects the relay with two workers alone or with the others, after them', () => {
    expect(parseBenchOptions(['--only', 'relay-2w'], {}).only).toEqual(['relay-2w']);
    expect(parseBenchOptions(['--only', 'relay-2w,relay,direct'], {}).only).toEqual(['direct', 'relay', 'relay-2w']);
    expect(parseBenchOptions([], { BENCH_ONLY: 'relay,relay-2w' }).only).toEqual(['relay', 'relay-2w']);
  });

  it('names every target and what the translated ones are in the usage text', () => {
    expect(USAGE).toContain('direct, bare, portkey, relay, relay-anthropic, relay-gemini, relay-responses, relay-responses-chat, relay-2w');
    expect(USAGE).toMatch(/relay-2w is relay's chat passthrough through a second relay running\s+2 workers \(--workers=2\), its RSS summed over them/);
    expect(USAGE).toMatch(
      /relay-anthropic and relay-gemini are the relay translating\s+Anthropic Messages and Gemini generateContent requests to OpenAI/,
    );
    expect(USAGE).toMatch(/relay-responses passes OpenAI Responses requests through to the OpenAI\s+channel, relay-responses-chat converts them for a chat-only channel/);
  });

  it('writes nothing with --no-write', () => {
    expect(parseBenchOptions(['--no-write'], { BENCH_OUT: 'x.md' }).out).toBeNull();
  });

  it.each([
    [['--only', 'nginx'], /--only takes direct, bare, portkey, relay, relay-anthropic, relay-gemini, relay-responses, relay-responses-chat, relay-2w, got 'nginx'/],
    [['--only', 'relay-3w'], /--only takes .*relay-2w, got 'relay-3w'/],
    [['--only', 'relay-openai'], /--only takes .*relay-responses-chat, relay-2w, got 'relay-openai'/],
    [['--modes', 'sse'], /--modes takes json, stream, got 'sse'/],
    [['--duration', '0'], /--duration must be a number of seconds from 1/],
    [['--connections', '1,a'], /--connections must be whole numbers/],
    [['--warmup'], /--warmup needs a value/],
    [['--quick=yes'], /--quick takes no value/],
    [['--fast'], /unknown option '--fast'/],
    [['relay'], /unexpected argument 'relay'/],
    [['--scale-only', 'tokens'], /--scale-only takes large-db, streams, got 'tokens'/],
    [['--scale-streams', '10000:h3'], /--scale-streams takes counts from 1 to 100000/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseBenchOptions(argv, {})).toThrow(message);
  });
});
