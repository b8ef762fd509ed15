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
    expect(() => parseArguments(['--slow-model', 'm:0:10'])).toThrow(/--slow-model/);
    expect(() => parseArguments(['--slow-model', 'm:3'])).toThrow(/--slow-model/);
  });

  it('streams the answers of a --slow-model in its chunks, its delay apart, and other models at once', async () => {
    expect(parseArguments(['--slow-model', 'slow:3:40', '--slow-model=b:1:0']).slowModels).toEqual([
      { model: 'slow', chunks: 3, delayMs: 40 },
      { model: 'b', chunks: 1, delayMs: 0 },
    ]);
    const fake = await runCli(['--port', '0', '--slow-model', 'slow:3:40'], () => undefined);
    const stream = async (model: string) => {
      const started = Date.now();
      const res = await fetch(`${fake.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-x' },
        body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
      });
      const text = await res.text();
      const content = text.split('\n').filter((line) => line.startsWith('data: {') && line.includes('"content"'));
      return { ms: Date.now() - started, chunks: content.length };
    };
    try {
      const slow = await stream('slow');
      expect(slow.chunks).toBe(3);
      expect(slow.ms).toBeGreaterThanOrEqual(80); // two delays between three chunks at least
      expect((await stream('fast')).ms).toBeLessThan(slow.ms);
    } finally {
      await fake.close();
    }
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
