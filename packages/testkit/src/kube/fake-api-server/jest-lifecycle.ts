/**
 * Jest wiring: `useFakeApiServer()` starts a fake API server before the suite's tests and stops it
 * after them, so a test file cannot leak the server.
 */
import { FakeApiServer, type FakeApiServerOptions } from './fake-api-server';

/**
 * Registers `beforeAll`/`afterAll` hooks and returns a getter for the running server.
 * Call it at the top of a `describe` block (or the file).
 */
export function useFakeApiServer(options: FakeApiServerOptions = {}): () => FakeApiServer {
  let server: FakeApiServer | undefined;
  beforeAll(async () => {
    server = await FakeApiServer.start(options);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('the fake API server is used before beforeAll ran');
    return server;
  };
}
