import { Writable } from 'node:stream';
import { runWithRequestContext } from '../context/request-context';
import { createLogger } from './logger';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      callback();
    },
  });
  return { lines, destination };
}

describe('createLogger', () => {
  it('writes JSON lines with the service, level label and the request id of the current request', () => {
    const { lines, destination } = capture();
    const logger = createLogger({ service: 'edge', destination });
    logger.info('outside');
    runWithRequestContext({ requestId: 'req-42' }, () => logger.warn({ path: '/api/status' }, 'inside'));
    expect(lines[0]).toMatchObject({ service: 'edge', level: 'info', msg: 'outside' });
    expect(lines[0]).not.toHaveProperty('request_id');
    expect(lines[1]).toMatchObject({ level: 'warn', msg: 'inside', request_id: 'req-42', path: '/api/status' });
  });

  it('redacts secrets', () => {
    const { lines, destination } = capture();
    createLogger({ service: 'identity', destination }).info({ password: 'hunter2', user: { key: 'sk-x' } }, 'login');
    expect(lines[0]).toMatchObject({ password: '[redacted]', user: { key: '[redacted]' } });
  });
});
