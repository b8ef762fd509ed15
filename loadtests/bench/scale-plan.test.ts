import { countConnectionsTo } from './proc-stats';
import { heapUsedMb } from './relay-sampler';
import { DEFAULT_STREAM_RUNS, filesPerStream, openStreamCap, parseStreamRuns, peakShortfall, projectLinear, upstreamLabel } from './scale-plan';

describe('slow-stream runs of the scale scenario', () => {
  it('reads counts with an optional upstream protocol, HTTP/1.1 when none is named', () => {
    expect(parseStreamRuns(DEFAULT_STREAM_RUNS)).toEqual([
      { count: 1000, upstream: 'http1' },
      { count: 10000, upstream: 'http2' },
    ]);
    expect(parseStreamRuns(' 500:h1 , 2000:h2,7 ')).toEqual([
      { count: 500, upstream: 'http1' },
      { count: 2000, upstream: 'http2' },
      { count: 7, upstream: 'http1' },
    ]);
    expect(parseStreamRuns('0')).toEqual([]);
  });

  it.each(['', '1000:h3', '-5', '0,1000', '100001', '1e3', '1000:'])('refuses %j, naming the flag', (raw) => {
    expect(() => parseStreamRuns(raw, '--scale-streams')).toThrow(/^--scale-streams takes counts from 1 to 100000/);
  });

  it('caps the streams by the open-file limit: two sockets each over HTTP/1.1, one and a hundredth over HTTP/2', () => {
    expect(filesPerStream('http1')).toBe(2);
    expect(filesPerStream('http2')).toBe(1.01);
    // This machine's limit of 20,000: 9,500 over HTTP/1.1, all 10,000 over HTTP/2.
    expect(openStreamCap(20_000, 10_000, 'http1')).toBe(9_500);
    expect(openStreamCap(20_000, 10_000, 'http2')).toBe(10_000);
    expect(openStreamCap(20_000, 50_000, 'http2')).toBe(18_811);
    expect(openStreamCap(1_024, 1_000, 'http1')).toBe(12);
    expect(openStreamCap(512, 1_000, 'http2')).toBe(0);
  });

  it('counts a memory peak as the whole run only when every stream completed and nearly all were open at once', () => {
    expect(peakShortfall(10_000, 10_000, 9_600)).toBeNull();
    expect(peakShortfall(10_000, 10_000, 3_909)).toBe('only 3909 of 10000 were open at once');
    expect(peakShortfall(10_000, 7_587, 3_976)).toBe('2413 streams failed');
  });

  it('carries a figure on linearly from the streams open at the peak to the whole run', () => {
    expect(projectLinear(100, 300, 4_000, 10_000)).toBe(600);
    expect(projectLinear(null, 300, 4_000, 10_000)).toBeNull();
    expect(projectLinear(100, 300, 0, 10_000)).toBeNull();
  });

  it('labels the run with the protocol the relay speaks upstream', () => {
    expect(upstreamLabel('http2')).toBe('relay → upstream over HTTP/2 (TLS)');
    expect(upstreamLabel('http1')).toBe('relay → upstream over HTTP/1.1');
  });
});

describe('countConnectionsTo', () => {
  const header = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';
  // Port 8080 is 1F90: two established connections to it, one closing (06), one listener and the server's own ends.
  const tcp = [
    header,
    '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000   0 0 1 1',
    '   1: 0100007F:9C40 0100007F:1F90 01 00000000:00000000 00:00000000 00000000   0 0 2 1',
    '   2: 0100007F:9C41 0100007F:1F90 01 00000000:00000000 00:00000000 00000000   0 0 3 1',
    '   3: 0100007F:1F90 0100007F:9C40 01 00000000:00000000 00:00000000 00000000   0 0 4 1',
    '   4: 0100007F:9C42 0100007F:1F90 06 00000000:00000000 00:00000000 00000000   0 0 5 1',
  ].join('\n');
  const tcp6 = [header, '   0: 00000000000000000000000001000000:9C43 00000000000000000000000001000000:1F90 01 0 0 0 0 0 6 1'].join('\n');

  it('counts the established connections whose remote end is the port, IPv4 and IPv6', () => {
    expect(countConnectionsTo(8080, [tcp, tcp6])).toBe(3);
    expect(countConnectionsTo(80, [tcp, tcp6])).toBe(0);
  });
});

describe('heapUsedMb', () => {
  it("reads the V8 heap in use from a Prometheus page, in MB", () => {
    const page = '# HELP nodejs_heap_size_used_bytes Process heap size used from Node.js in bytes.\n' +
      '# TYPE nodejs_heap_size_used_bytes gauge\nnodejs_heap_size_total_bytes 88358912\nnodejs_heap_size_used_bytes 66060288\n';
    expect(heapUsedMb(page)).toBe(63);
    expect(heapUsedMb('nodejs_heap_size_used_bytes{service="relay"} 1.048576e6\n')).toBe(1);
    expect(heapUsedMb('process_resident_memory_bytes 1\n')).toBeNull();
  });
});
