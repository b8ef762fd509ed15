import { defaultStatus, http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import type { TurnstileApi } from './TurnstileWidget';

/** Answers `/api/status` with the default status changed by `changes`. */
export function useStatus(changes: Record<string, unknown>): void {
  server.use(http.get('*/api/status', () => HttpResponse.json(ok({ ...defaultStatus(), ...changes } as never))));
}

/**
 * A stand-in for Cloudflare's script: `window.turnstile` renders nothing and, when `token` is
 * given, passes at once with it; otherwise the check never finishes.
 */
export function fakeTurnstile(token?: string): jest.Mocked<TurnstileApi> {
  const fake: jest.Mocked<TurnstileApi> = {
    render: jest.fn((_container, options) => {
      if (token) options.callback(token);
      return 'widget-1';
    }),
    remove: jest.fn(),
  };
  window.turnstile = fake;
  return fake;
}

/** Undoes `fakeTurnstile`. */
export function removeTurnstile(): void {
  delete window.turnstile;
}

/** The user a sign-in answers with in these tests. */
export const SIGNED_IN = { id: 3, username: 'bob', display_name: 'Bob', role: 1, status: 1, group: 'default' };
