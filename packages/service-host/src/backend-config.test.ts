import { ConfigValidationError, loadConfig } from '@modelgate/runtime';
import { backendConfig } from './run-backend-service';

const REQUIRED = {
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/modelgate',
  NATS_URL: 'nats://127.0.0.1:4222',
  GRPC_SECRET: 'a-secret-of-at-least-32-characters-0123',
};

describe('the configuration of a backend service running alone', () => {
  it('binds its gRPC server to loopback unless GRPC_HOST says otherwise', () => {
    expect(loadConfig(backendConfig(50052), REQUIRED)).toMatchObject({ grpcHost: '127.0.0.1', grpcPort: 50052 });
    expect(loadConfig(backendConfig(50052), { ...REQUIRED, GRPC_HOST: '0.0.0.0' })).toMatchObject({ grpcHost: '0.0.0.0' });
  });

  it('needs the deployment’s service secret', () => {
    const { GRPC_SECRET: _omitted, ...withoutSecret } = REQUIRED;
    const thrown = (() => {
      try {
        return loadConfig(backendConfig(50052), withoutSecret);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(ConfigValidationError);
    expect((thrown as ConfigValidationError).problems).toEqual([{ env: 'GRPC_SECRET', message: 'is required' }]);
    expect(loadConfig(backendConfig(50052), REQUIRED).grpcSecret).toBe(REQUIRED.GRPC_SECRET);
  });
});
