import { Writable } from 'node:stream';
import { type AccessLogEntry, accessLogConfig, createAccessLog } from './access-log';
import { createLogger } from './logger';
import { loadConfig } from '../config/load-config';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ service: 'test', destination }) };
}

const entry = (status: number, extra: Partial<AccessLogEntry> = {}): AccessLogEntry => ({
  requestId: 'req-1',
  method: 'POST',
  route: '/api/user/login',
  status,
  durationMs: 12.345,
  ...extra,
});

describe('the access log', () => {
  it('writes one JSON line per request, client errors at info and server errors at error level', () => {
    const { lines, logger } = capture();
    const log = createAccessLog({ accessLog: 'all', accessLogFormat: 'json', accessLogSample: 1 }, logger);
    log.log(entry(200, { traceId: 'a'.repeat(32), model: 'gpt-x', channel: '7' }));
    log.log(entry(404));
    log.log(entry(502));
    log.log(entry(200, { aborted: true }));
    expect(lines.map((l) => [l.level, l.status, l.msg])).toEqual([
      ['info', 200, 'request'],
      ['info', 404, 'request'],
      ['error', 502, 'request'],
      ['warn', 200, 'request'],
    ]);
    expect(lines[0]).toMatchObject({ request_id: 'req-1', trace_id: 'a'.repeat(32), route: '/api/user/login', duration_ms: 12.3, model: 'gpt-x', channel: '7' });
  });

  it('with errors, writes only server errors and abandoned requests', () => {
    const { lines, logger } = capture();
    const log = createAccessLog({ accessLog: 'errors', accessLogFormat: 'json', accessLogSample: 1 }, logger);
    for (const status of [200, 400, 429, 500, 503]) log.log(entry(status));
    log.log(entry(200, { aborted: true }));
    expect(lines.map((l) => l.status)).toEqual([500, 503, 200]);
  });

  it('with off, writes nothing and says so', () => {
    const { lines, logger } = capture();
    const log = createAccessLog({ accessLog: 'off', accessLogFormat: 'json', accessLogSample: 1 }, logger);
    log.log(entry(500));
    expect(log.enabled).toBe(false);
    expect(lines).toEqual([]);
  });

  it('samples successful requests but never errors', () => {
    const { lines, logger } = capture();
    const log = createAccessLog({ accessLog: 'all', accessLogFormat: 'json', accessLogSample: 0.25 }, logger);
    for (let i = 0; i < 2000; i++) log.log(entry(200));
    for (let i = 0; i < 10; i++) log.log(entry(500));
    const ok = lines.filter((l) => l.status === 200).length;
    expect(ok).toBeGreaterThan(350);
    expect(ok).toBeLessThan(650);
    expect(lines.filter((l) => l.status === 500)).toHaveLength(10);
  });

  it('writes a short text line for npm start', () => {
    const written: string[] = [];
    const { logger } = capture();
    const log = createAccessLog({ accessLog: 'all', accessLogFormat: 'text', accessLogSample: 1 }, logger, (line) => written.push(line));
    log.log(entry(502, { model: 'gpt-x', channel: '3' }));
    expect(written).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d POST \/api\/user\/login 502 12\.3ms gpt-x channel 3 req-1\n$/)]);
    // …and respects LOG_LEVEL: nothing at all when silent.
    const quiet = createAccessLog({ accessLog: 'all', accessLogFormat: 'text', accessLogSample: 1 }, createLogger({ service: 'test', level: 'silent' }), (line) => written.push(line));
    quiet.log(entry(502));
    expect(written).toHaveLength(1);
  });

  it('reads ACCESS_LOG, ACCESS_LOG_FORMAT and ACCESS_LOG_SAMPLE, refusing what they cannot be', () => {
    const spec = accessLogConfig({ mode: 'errors', format: 'text' });
    expect(loadConfig(spec, {})).toEqual({ accessLog: 'errors', accessLogFormat: 'text', accessLogSample: 1 });
    expect(loadConfig(spec, { ACCESS_LOG: 'all', ACCESS_LOG_FORMAT: 'json', ACCESS_LOG_SAMPLE: '0.1' })).toEqual({
      accessLog: 'all',
      accessLogFormat: 'json',
      accessLogSample: 0.1,
    });
    expect(() => loadConfig(spec, { ACCESS_LOG: 'some' })).toThrow(/ACCESS_LOG/);
    expect(() => loadConfig(spec, { ACCESS_LOG_SAMPLE: '0' })).toThrow(/ACCESS_LOG_SAMPLE/);
  });
});
