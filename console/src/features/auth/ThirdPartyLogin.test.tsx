import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { renderPage } from '../../../test-support/render';
import { externalNavigation } from '../../common/oauth/external-navigation';
import { TELEGRAM_CALLBACK_NAME } from '../../common/oauth/TelegramWidget';
import { SIGNED_IN, useStatus } from './auth-test-helpers';
import { LoginPage } from './LoginPage';

const ALL_ENABLED = {
  github_oauth: true,
  github_client_id: 'gh-client',
  oidc_enabled: true,
  oidc_client_id: 'oidc-client',
  oidc_authorization_endpoint: 'https://id.example.com/authorize',
  linuxdo_oauth: true,
  linuxdo_client_id: 'ld-client',
  wechat_login: true,
  wechat_qrcode: 'https://example.com/qr.png',
  telegram_oauth: true,
  telegram_bot_name: 'gate_bot',
};

function answerState(affs: string[]): void {
  server.use(
    http.get('*/api/oauth/state', ({ request }) => {
      affs.push(new URL(request.url).searchParams.get('aff') ?? '<none>');
      return HttpResponse.json(ok('state-123'));
    }),
  );
}

describe('third-party sign-in', () => {
  let go: jest.SpyInstance;
  beforeEach(() => {
    go = jest.spyOn(externalNavigation, 'go').mockImplementation(() => undefined);
  });
  afterEach(() => go.mockRestore());

  it('shows no third-party options unless the site enables them', async () => {
    renderPage(<LoginPage />, { route: '/login' });
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByText('Third-party login')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'GitHub' })).not.toBeInTheDocument();
  });

  it('sends GitHub, OIDC and LinuxDO to their authorization pages with a fresh state', async () => {
    useStatus(ALL_ENABLED);
    const affs: string[] = [];
    answerState(affs);
    window.localStorage.setItem('aff', 'INV1');
    renderPage(<LoginPage />, { route: '/login' });

    await userEvent.click(await screen.findByRole('button', { name: 'GitHub' }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(go).toHaveBeenLastCalledWith(
      'https://github.com/login/oauth/authorize?client_id=gh-client&state=state-123&scope=user%3Aemail',
    );

    await userEvent.click(screen.getByRole('button', { name: 'OIDC' }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(2));
    const oidc = new URL(go.mock.calls[1][0] as string);
    expect(oidc.origin + oidc.pathname).toBe('https://id.example.com/authorize');
    expect(Object.fromEntries(oidc.searchParams)).toEqual({
      client_id: 'oidc-client',
      redirect_uri: `${window.location.origin}/oauth/oidc`,
      response_type: 'code',
      scope: 'openid profile email',
      state: 'state-123',
    });

    await userEvent.click(screen.getByRole('button', { name: 'LinuxDO' }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(3));
    expect(go).toHaveBeenLastCalledWith(
      'https://connect.linux.do/oauth2/authorize?response_type=code&client_id=ld-client&state=state-123',
    );
    expect(affs).toEqual(['INV1', 'INV1', 'INV1']);
  });

  it('signs in with a WeChat code and opens the home page', async () => {
    useStatus(ALL_ENABLED);
    const codes: (string | null)[] = [];
    server.use(
      http.get('*/api/oauth/wechat', ({ request }) => {
        codes.push(new URL(request.url).searchParams.get('code'));
        return HttpResponse.json(ok(SIGNED_IN));
      }),
    );
    const page = renderPage(<LoginPage />, { route: '/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'WeChat' }));
    expect(await screen.findByAltText('WeChat official account QR code')).toHaveAttribute('src', 'https://example.com/qr.png');
    const dialog = screen.getByRole('dialog');
    await userEvent.click(screen.getAllByRole('button', { name: 'Log in' }).find((b) => dialog.contains(b))!);
    expect(await screen.findByText('Please enter the verification code')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getAllByRole('button', { name: 'Log in' }).find((b) => dialog.contains(b))!);
    await waitFor(() => expect(page.location()).toBe('/'));
    expect(codes).toEqual(['123456']);
    expect(page.store.getState().session.user).toEqual(SIGNED_IN);
  });

  it('signs in with the Telegram widget fields as they came', async () => {
    useStatus(ALL_ENABLED);
    const sent: Record<string, string>[] = [];
    server.use(
      http.get('*/api/oauth/telegram/login', ({ request }) => {
        sent.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json(ok(SIGNED_IN));
      }),
    );
    const page = renderPage(<LoginPage />, { route: '/login' });
    const widget = await screen.findByTestId('telegram-widget');
    expect(widget.querySelector('script')).toHaveAttribute('data-telegram-login', 'gate_bot');
    const callback = (window as unknown as Record<string, (user: unknown) => void>)[TELEGRAM_CALLBACK_NAME];
    act(() => callback({ id: 42, first_name: 'Bob', username: 'bobby', auth_date: 1700000000, hash: 'abc' }));
    await waitFor(() => expect(page.location()).toBe('/'));
    expect(sent).toEqual([{ id: '42', first_name: 'Bob', username: 'bobby', auth_date: '1700000000', hash: 'abc' }]);
  });
});
