import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { http, HttpResponse, ok, rejected, server } from '../../../test-support/http-mock';
import { renderPage } from '../../../test-support/render';
import { RequireAuth } from '../../shell/RequireAuth';
import { fakeTurnstile, removeTurnstile, SIGNED_IN, useStatus } from './auth-test-helpers';
import { LoginPage } from './LoginPage';

interface SentLogin {
  body: unknown;
  turnstile: string | null;
}

function answerLogin(data: Record<string, unknown>, sent: SentLogin[] = []): SentLogin[] {
  server.use(
    http.post('*/api/user/login', async ({ request }) => {
      sent.push({ body: await request.json(), turnstile: new URL(request.url).searchParams.get('turnstile') });
      return HttpResponse.json(ok(data as never));
    }),
  );
  return sent;
}

async function fillAndSubmit(username: string, password: string) {
  if (username) await userEvent.type(screen.getByLabelText('Username or email'), username);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(removeTurnstile);

describe('login page', () => {
  it('asks for both username and password before calling the server', async () => {
    renderPage(<LoginPage />, { route: '/login' });
    await fillAndSubmit('bob', '');
    expect(await screen.findByText('Please enter username and password!')).toBeInTheDocument();
  });

  it('signs in, stores the user and opens the token list', async () => {
    const sent = answerLogin({ ...SIGNED_IN, default_password: false });
    const page = renderPage(<LoginPage />, { route: '/login' });
    await fillAndSubmit(' bob ', 'secret-pass');
    await waitFor(() => expect(page.location()).toBe('/token'));
    expect(sent).toEqual([{ body: { username: 'bob', password: 'secret-pass' }, turnstile: '' }]);
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(SIGNED_IN);
    expect(page.store.getState().session.user).toEqual(SIGNED_IN);
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(screen.queryByText(/default password/)).not.toBeInTheDocument();
  });

  it('warns that the default password must be changed', async () => {
    answerLogin({ ...SIGNED_IN, default_password: true });
    renderPage(<LoginPage />, { route: '/login' });
    await fillAndSubmit('root', '123456');
    expect(await screen.findByText('You are using the default password! Please change it at once!')).toBeInTheDocument();
  });

  it('goes back to the page that required signing in', async () => {
    answerLogin(SIGNED_IN);
    const page = renderPage(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/log" element={<RequireAuth><p>usage log</p></RequireAuth>} />
      </Routes>,
      { route: '/log?type=2', path: '*' },
    );
    await fillAndSubmit('bob', 'secret-pass');
    expect(await screen.findByText('usage log')).toBeInTheDocument();
    expect(page.location()).toBe('/log?type=2');
  });

  it('stays on the page and shows the server message when refused', async () => {
    server.use(http.post('*/api/user/login', () => HttpResponse.json(rejected('用户名或密码错误，或用户已被封禁'))));
    const page = renderPage(<LoginPage />, { route: '/login' });
    await fillAndSubmit('bob', 'wrong-pass');
    expect(await screen.findByText('用户名或密码错误，或用户已被封禁')).toBeInTheDocument();
    expect(page.location()).toBe('/login');
    expect(page.store.getState().session.user).toBeNull();
  });

  it('explains an expired session', async () => {
    renderPage(<LoginPage />, { route: '/login?expired=true' });
    expect(await screen.findByText('Not logged in or session expired. Please login again!')).toBeInTheDocument();
  });

  it('shows no expired banner on a plain visit', async () => {
    renderPage(<LoginPage />, { route: '/login' });
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByText('Not logged in or session expired. Please login again!')).not.toBeInTheDocument();
  });

  it('keeps the invite code of the link', async () => {
    renderPage(<LoginPage />, { route: '/login?aff=XyZ1' });
    await waitFor(() => expect(window.localStorage.getItem('aff')).toBe('XyZ1'));
  });

  it('links to registration and password reset', async () => {
    const page = renderPage(<LoginPage />, { route: '/login' });
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password? Reset it' }));
    expect(page.location()).toBe('/reset');
    expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
  });

  it('waits for the human check, then sends its token', async () => {
    useStatus({ turnstile_check: true, turnstile_site_key: 'site-key-1' });
    const turnstile = fakeTurnstile();
    const sent = answerLogin(SIGNED_IN);
    const page = renderPage(<LoginPage />, { route: '/login' });
    await waitFor(() => expect(turnstile.render).toHaveBeenCalled());
    expect(turnstile.render.mock.calls[0][1].sitekey).toBe('site-key-1');
    await fillAndSubmit('bob', 'secret-pass');
    expect(
      await screen.findByText('Please try again in a few seconds, Turnstile is checking your environment!'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);

    const { callback } = turnstile.render.mock.calls[turnstile.render.mock.calls.length - 1][1];
    act(() => callback('turnstile-token'));
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(page.location()).toBe('/token'));
    expect(sent[0].turnstile).toBe('turnstile-token');
  });

  it('shows the turnstile message in Chinese', async () => {
    useStatus({ turnstile_check: true, turnstile_site_key: 'k' });
    fakeTurnstile();
    renderPage(<LoginPage />, { route: '/login', language: 'zh' });
    await userEvent.type(await screen.findByLabelText('用户名/邮箱'), 'bob');
    await userEvent.type(screen.getByLabelText('密码'), 'secret-pass');
    await waitFor(() => expect(window.turnstile?.render).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请稍后几秒重试，Turnstile 正在检查用户环境！')).toBeInTheDocument();
  });
});
