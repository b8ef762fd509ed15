import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { http, HttpResponse, ok, rejected, server } from '../../../test-support/http-mock';
import { renderPage, TEST_USER } from '../../../test-support/render';
import { SIGNED_IN } from './auth-test-helpers';
import { OAuthCallbackPage } from './OAuthCallbackPage';

function answerCallback(provider: string, body: unknown, calls: Record<string, string>[] = []) {
  server.use(
    http.get(`*/api/oauth/${provider}`, ({ request }) => {
      calls.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(body as never);
    }),
  );
  return calls;
}

const PATH = '/oauth/:provider';

describe('OAuth callback', () => {
  it('shows progress, signs the user in once and opens the token list', async () => {
    const calls = answerCallback('github', ok(SIGNED_IN));
    const page = renderPage(
      <StrictMode>
        <OAuthCallbackPage />
      </StrictMode>,
      { route: '/oauth/github?code=c0de&state=st4te', path: PATH },
    );
    expect(screen.getByText('Processing...')).toBeInTheDocument();
    await waitFor(() => expect(page.location()).toBe('/token'));
    expect(calls).toEqual([{ code: 'c0de', state: 'st4te' }]);
    expect(page.store.getState().session.user).toEqual(SIGNED_IN);
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
  });

  it('reports a binding and returns to the personal page', async () => {
    answerCallback('linuxdo', ok(TEST_USER, 'bind'));
    const page = renderPage(<OAuthCallbackPage />, {
      route: '/oauth/linuxdo?code=c&state=s',
      path: PATH,
      user: TEST_USER,
    });
    await waitFor(() => expect(page.location()).toBe('/personal'));
    expect(await screen.findByText('Binding successful!')).toBeInTheDocument();
  });

  it('shows the failure and goes to login after a moment', async () => {
    const calls = answerCallback('oidc', rejected('state 无效'));
    const page = renderPage(<OAuthCallbackPage />, {
      route: '/oauth/oidc?error=access_denied&error_description=denied&state=s',
      path: PATH,
    });
    expect(await screen.findByText('state 无效')).toBeInTheDocument();
    expect(await screen.findByText('Operation failed, redirecting to login page...')).toBeInTheDocument();
    expect(page.location()).toBe('/oauth/oidc?error=access_denied&error_description=denied&state=s');
    await waitFor(() => expect(page.location()).toBe('/login'), { timeout: 3_000 });
    expect(calls).toEqual([{ state: 's', error: 'access_denied', error_description: 'denied' }]);
    expect(page.store.getState().session.user).toBeNull();
  });

  it('sends a signed-in user back to the bindings after a failed binding', async () => {
    answerCallback('github', rejected('该 GitHub 账户已被绑定'));
    const page = renderPage(<OAuthCallbackPage />, { route: '/oauth/github?code=c&state=s', path: PATH, user: TEST_USER });
    expect(await screen.findByText('Operation failed, returning to personal settings...')).toBeInTheDocument();
    await waitFor(() => expect(page.location()).toBe('/personal'), { timeout: 3_000 });
  });

  it('names an unknown provider without calling the server', async () => {
    renderPage(<OAuthCallbackPage />, { route: '/oauth/myspace?code=c', path: PATH });
    expect(await screen.findByText('Unknown sign-in provider')).toBeInTheDocument();
    expect(screen.queryByText('Processing...')).not.toBeInTheDocument();
  });
});
