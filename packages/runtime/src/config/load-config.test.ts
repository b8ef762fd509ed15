import { z } from 'zod';
import { busConfig, commonConfig, databaseConfig } from './common-config';
import { ConfigValidationError, defineConfig, loadConfig } from './load-config';
import { env } from './schemas';

const spec = defineConfig({
  port: { env: 'PORT', schema: env.port(3000), description: 'port' },
  debug: { env: 'DEBUG_MODE', schema: env.boolean(false), description: 'debug' },
  name: { env: 'NAME', schema: z.string().min(1), description: 'name' },
});

describe('loadConfig', () => {
  it('applies defaults and converts values', () => {
    const config = loadConfig(spec, { NAME: 'edge', DEBUG_MODE: 'true' });
    expect(config).toEqual({ port: 3000, debug: true, name: 'edge' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('treats an empty string as unset', () => {
    expect(loadConfig(spec, { NAME: 'x', PORT: '' }).port).toBe(3000);
  });

  it('lists every invalid variable at once', () => {
    let thrown: unknown;
    try {
      loadConfig(spec, { PORT: 'eighty', DEBUG_MODE: 'maybe' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigValidationError);
    const problems = (thrown as ConfigValidationError).problems;
    expect(problems.map((p) => p.env)).toEqual(['PORT', 'DEBUG_MODE', 'NAME']);
    expect(problems.find((p) => p.env === 'NAME')?.message).toBe('is required');
    expect((thrown as Error).message).toContain('3 problems');
    expect((thrown as Error).message).toContain('"eighty"');
  });

  it('validates the shared service settings', () => {
    expect(() =>
      loadConfig({ ...commonConfig, ...databaseConfig, ...busConfig }, {
        DATABASE_URL: 'mysql://x',
        NATS_URL: 'nats://127.0.0.1:4222',
        LOG_LEVEL: 'loud',
      }),
    ).toThrow(/LOG_LEVEL[\s\S]*DATABASE_URL: must be a URL with scheme postgres or postgresql/);
    const ok = loadConfig({ ...commonConfig, ...databaseConfig, ...busConfig }, {
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      NATS_URL: 'nats://127.0.0.1:4222',
    });
    expect(ok).toMatchObject({ logLevel: 'info', databasePoolSize: 10, grpcDeadlineMs: 5000 });
  });
});
