import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_STATUS, type PublicStatus } from '../src/app/public-status';

/**
 * The HTTP side of component tests: msw answers the console's real fetches. Every test starts
 * with `/api/status` answered; a test adds the calls its screen makes with `server.use(...)`.
 * An unexpected call fails the test.
 */
export const server = setupServer(http.get('*/api/status', () => HttpResponse.json(ok(defaultStatus()))));

/** `{success: true, message: '', data}`. */
export function ok<T extends JsonBodyType>(data: T, message = ''): JsonBodyType {
  return { success: true, message, data };
}

/** `{success: false, message, data: null}`. */
export function rejected(message: string): JsonBodyType {
  return { success: false, message, data: null };
}

/** The status tests start from: the console's defaults plus a version, a start time, an address and data export. */
export function defaultStatus(): Record<string, JsonBodyType> {
  const status: PublicStatus = {
    ...DEFAULT_STATUS,
    enable_data_export: true,
    version: 'v0.1.0',
    start_time: 1_700_000_000,
    server_address: 'http://localhost:3000',
  };
  return { ...status };
}

export { http, HttpResponse };
