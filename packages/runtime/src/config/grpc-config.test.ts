import { grpcAuthConfig, grpcServerConfig } from './common-config';
import { ConfigValidationError, loadConfig } from './load-config';

describe('gRPC server settings', () => {
  it('bind loopback by default: only a deployment that says so (the chart: 0.0.0.0) listens on every interface', () => {
    expect(loadConfig(grpcServerConfig(50051), {})).toEqual({ grpcHost: '127.0.0.1', grpcPort: 50051 });
    expect(loadConfig(grpcServerConfig(50051), { GRPC_HOST: '0.0.0.0', GRPC_PORT: '6000' })).toEqual({
      grpcHost: '0.0.0.0',
      grpcPort: 6000,
    });
  });
});

describe('the service secret (GRPC_SECRET)', () => {
  const problemOf = (value: string | undefined) => {
    try {
      loadConfig(grpcAuthConfig, value === undefined ? {} : { GRPC_SECRET: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigValidationError);
      return (error as ConfigValidationError).problems;
    }
    return [];
  };

  it('is required', () => {
    expect(problemOf(undefined)).toEqual([{ env: 'GRPC_SECRET', message: 'is required' }]);
    expect(problemOf('')).toEqual([{ env: 'GRPC_SECRET', message: 'is required' }]);
  });

  it('must be at least 32 printable ASCII characters without spaces, and is never echoed back', () => {
    for (const weak of ['short', 'a'.repeat(31), `${'a'.repeat(32)} b`, 'é'.repeat(40)]) {
      const problems = problemOf(weak);
      expect(problems.map((p) => p.env)).toEqual(['GRPC_SECRET']);
      expect(problems[0]?.message).not.toContain(weak);
    }
    const secret = 'A-good_secret.of~40+characters/0123456789';
    expect(loadConfig(grpcAuthConfig, { GRPC_SECRET: secret })).toEqual({ grpcSecret: secret });
  });
});
