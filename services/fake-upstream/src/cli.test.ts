import { parseArguments, runCli } from './cli';

describe('fake upstream: command line', () => {
  it('reads --port, --host and --record, recording off by default', () => {
    expect(parseArguments([])).toEqual({ record: false });
    expect(parseArguments(['--port', '0', '--host=127.0.0.1', '--record'])).toEqual({
      port: 0,
      host: '127.0.0.1',
      record: true,
    });
    expect(parseArguments(['--port=8099'])).toEqual({ port: 8099, record: false });
  });

  it('refuses unknown or malformed arguments', () => {
    expect(() => parseArguments(['--verbose'])).toThrow(/unknown argument/);
    expect(() => parseArguments(['--port'])).toThrow(/needs a value/);
    expect(() => parseArguments(['--port', '70000'])).toThrow(/--port/);
  });

  it('prints the URL it serves on and stops cleanly', async () => {
    const lines: string[] = [];
    const before = process.listenerCount('SIGTERM');
    const fake = await runCli(['--port', '0'], (line) => lines.push(line));
    try {
      expect(lines).toEqual([fake.url]);
      expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(process.listenerCount('SIGTERM')).toBe(before + 1);
      const res = await fetch(`${fake.url}/v1/models`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      expect(fake.requests).toHaveLength(0);
    } finally {
      await fake.close();
    }
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });
});
