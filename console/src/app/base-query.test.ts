import { http, HttpResponse, ok, server } from '../../test-support/http-mock';
import { api } from './api';
import type { EnvelopeMeta } from './base-query';
import { signedIn } from './session-slice';
import { createStore } from './store';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    headerProbe: build.query<{ value: number; extra: unknown }, void>({
      query: () => 'api/header-probe',
      transformResponse: (data: { value: number }, meta: EnvelopeMeta | undefined) => ({
        ...data,
        extra: meta?.envelope?.extra,
      }),
    }),
  }),
});

function captureHeaders(): Headers[] {
  const seen: Headers[] = [];
  server.use(
    http.get('*/api/header-probe', ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json({ ...(ok({ value: 3 }) as object), extra: 'kept' });
    }),
  );
  return seen;
}

describe('the base query', () => {
  it('sends New-Api-User -1 and no-store when nobody is signed in', async () => {
    const seen = captureHeaders();
    const store = createStore();
    await store.dispatch(probeApi.endpoints.headerProbe.initiate());
    expect(seen[0]?.get('New-Api-User')).toBe('-1');
    expect(seen[0]?.get('Cache-Control')).toBe('no-store');
  });

  it("sends the stored user's id and unwraps the envelope into data, keeping it in meta", async () => {
    const seen = captureHeaders();
    const store = createStore();
    store.dispatch(signedIn({ id: 42, username: 'bob', role: 1, status: 1 }));
    const result = await store.dispatch(probeApi.endpoints.headerProbe.initiate());
    expect(seen[0]?.get('New-Api-User')).toBe('42');
    expect(seen[0]?.get('Cache-Control')).toBe('no-store');
    expect(result.data).toEqual({ value: 3, extra: 'kept' });
  });

  it('reads the user a reload starts with from localStorage.user', async () => {
    window.localStorage.setItem('user', JSON.stringify({ id: 9, username: 'carol', role: 1, status: 1 }));
    const seen = captureHeaders();
    await createStore().dispatch(probeApi.endpoints.headerProbe.initiate());
    expect(seen[0]?.get('New-Api-User')).toBe('9');
  });
});
