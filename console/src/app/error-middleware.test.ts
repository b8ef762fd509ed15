import { waitFor } from '@testing-library/react';
import { http, HttpResponse, ok, rejected, server } from '../../test-support/http-mock';
import { StorageKey } from '../common/local-storage';
import { api } from './api';
import { registerNavigate } from './navigation';
import { signedIn } from './session-slice';
import { createStore } from './store';

jest.mock('../common/notify', () => ({
  showSuccess: jest.fn(),
  showError: jest.fn(),
  showInfo: jest.fn(),
  showWarning: jest.fn(),
}));
const notify = jest.requireMock('../common/notify') as Record<'showError' | 'showInfo', jest.Mock>;

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    middlewareProbe: build.query<unknown, void>({ query: () => 'api/middleware-probe' }),
  }),
});

function answer(status: number, body: unknown = { success: false, message: 'upstream said no', data: null }) {
  server.use(http.get('*/api/middleware-probe', () => HttpResponse.json(body as never, { status })));
}

async function call() {
  const store = createStore();
  store.dispatch(signedIn({ id: 7, username: 'alice', role: 1, status: 1 }));
  const visited: string[] = [];
  registerNavigate((to) => visited.push(to));
  await store.dispatch(probeApi.endpoints.middlewareProbe.initiate());
  return { store, visited };
}

describe('the error middleware', () => {
  beforeEach(() => {
    notify.showError.mockClear();
    notify.showInfo.mockClear();
  });

  it('signs out and opens /login?expired=true on a 401, without a toast', async () => {
    answer(401, rejected('no session'));
    const { store, visited } = await call();
    expect(store.getState().session.user).toBeNull();
    expect(window.localStorage.getItem(StorageKey.user)).toBeNull();
    expect(visited).toEqual(['/login?expired=true']);
    expect(notify.showError).not.toHaveBeenCalled();
  });

  it.each([
    [429, 'Error: too many requests, please try again later!'],
    [500, 'Error: internal server error, please contact the administrator!'],
    [403, 'Error: upstream said no'],
    [502, 'Error: HTTP 502'],
  ])('shows HTTP %i as an error toast', async (status, message) => {
    answer(status, status === 502 ? 'Bad gateway' : undefined);
    const { store, visited } = await call();
    await waitFor(() => expect(notify.showError).toHaveBeenCalledWith(message));
    expect(store.getState().session.user).not.toBeNull();
    expect(visited).toEqual([]);
  });

  it('tells a demo site with no server (405) as information', async () => {
    answer(405);
    await call();
    expect(notify.showInfo).toHaveBeenCalledWith('This site is for demonstration only, there is no server!');
    expect(notify.showError).not.toHaveBeenCalled();
  });

  it("shows the server's own message when the envelope says success: false", async () => {
    server.use(http.get('*/api/middleware-probe', () => HttpResponse.json(rejected('令牌名称过长'))));
    await call();
    expect(notify.showError).toHaveBeenCalledWith('令牌名称过长');
  });

  it('stays quiet on success', async () => {
    server.use(http.get('*/api/middleware-probe', () => HttpResponse.json(ok({ fine: true }))));
    const { store } = await call();
    expect(probeApi.endpoints.middlewareProbe.select()(store.getState()).data).toEqual({ fine: true });
    expect(notify.showError).not.toHaveBeenCalled();
    expect(notify.showInfo).not.toHaveBeenCalled();
  });
});
