import '@testing-library/jest-dom';
import { clearToasts } from '../src/common/notify';
import { server } from './http-mock';

// jsdom has no media queries or resize observers; the console's layout code asks for both.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= NoopResizeObserver;

// The platform's Request (unlike a browser's) needs absolute URLs; the console calls `/api/...`.
const PlatformRequest = globalThis.Request;
globalThis.Request = class extends PlatformRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href).href : input, init);
  }
} as typeof Request;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  await clearToasts();
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());
