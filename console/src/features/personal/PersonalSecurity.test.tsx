import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultStatus, http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { renderPage, TEST_USER } from '../../../test-support/render';
import { externalNavigation } from '../../common/oauth/external-navigation';
import { TELEGRAM_CALLBACK_NAME } from '../../common/oauth/TelegramWidget';
import { answerPersonalPage, recordCopies } from './personal-test-handlers';
import { PersonalPage } from './PersonalPage';

// Dialog-heavy flows type a lot; a shared two-core machine needs more than the default 5 s.
jest.setTimeout(20_000);

/** Replaces an input's text in one step (typing each key is slow and tests nothing more here). */
async function fill(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
}

const open = () => renderPage(<PersonalPage />, { route: '/personal', user: TEST_USER, language: 'en' });

async function openDialog(button: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

describe('PersonalPage: account deletion', () => {
  it('deletes only once the exact username is typed, then signs out', async () => {
    answerPersonalPage();
    let deletions = 0;
    server.use(http.delete('*/api/user/self', () => ((deletions += 1), HttpResponse.json(ok(null)))));
    const page = open();
    await screen.findByTestId('balance-quota');
    const dialog = await openDialog('Delete account');
    const input = within(dialog).getByLabelText('Username');
    await userEvent.type(input, 'Alice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await within(dialog).findByText('Please type your username to confirm the deletion!')).toBeInTheDocument();
    expect(deletions).toBe(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'alice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('Account deleted!')).toBeInTheDocument();
    expect(deletions).toBe(1);
    await waitFor(() => expect(page.location()).toBe('/login'));
    expect(page.store.getState().session.user).toBeNull();
  });
});

describe('PersonalPage: password change', () => {
  it('checks length and confirmation before sending', async () => {
    answerPersonalPage();
    const sent: unknown[] = [];
    server.use(
      http.put('*/api/user/self', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(ok(null));
      }),
    );
    open();
    const dialog = await openDialog('Change password');
    const submit = () => userEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    await fill(within(dialog).getByLabelText(/^New password/), 'short');
    await submit();
    expect(await within(dialog).findByText('The password must be at least 8 characters!')).toBeInTheDocument();

    await fill(within(dialog).getByLabelText(/^New password/), 'p'.repeat(21));
    await submit();
    expect(await within(dialog).findByText('The password must be at most 20 characters!')).toBeInTheDocument();

    await fill(within(dialog).getByLabelText(/^New password/), 'new-password');
    await fill(within(dialog).getByLabelText(/^Confirm new password/), 'new-passwore');
    await submit();
    expect(await within(dialog).findByText('The two passwords differ!')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await fill(within(dialog).getByLabelText(/^Confirm new password/), 'new-password');
    await fill(within(dialog).getByLabelText(/Current password/), 'old-password');
    await submit();
    expect(await screen.findByText('Password changed!')).toBeInTheDocument();
    expect(sent).toEqual([{ password: 'new-password', original_password: 'old-password' }]);
  });
});

describe('PersonalPage: access token and bindings', () => {
  it('generates, shows and copies the system access token', async () => {
    answerPersonalPage();
    const copies = recordCopies();
    server.use(http.get('*/api/user/token', () => HttpResponse.json(ok('fresh-token-123'))));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Generate system access token' }));
    expect(await screen.findByText('Token reset and copied to clipboard')).toBeInTheDocument();
    expect(screen.getByLabelText('System access token')).toHaveValue('fresh-token-123');
    expect(copies).toEqual(['fresh-token-123']);
  });

  it('shows bound ids and offers only the enabled methods', async () => {
    server.use(http.get('*/api/status', () => HttpResponse.json(ok({ ...defaultStatus(), github_oauth: true, github_client_id: 'gh' }))));
    answerPersonalPage({ self: { github_id: 'octo', email: '' } });
    open();
    const github = await screen.findByTestId('binding-github');
    await waitFor(() => expect(within(github).getByRole('button', { name: 'Change binding' })).toBeInTheDocument());
    expect(github).toHaveTextContent('octo');
    expect(screen.getByTestId('binding-email')).toHaveTextContent('Not bound');
    expect(within(screen.getByTestId('binding-wechat')).getByText('Not enabled')).toBeInTheDocument();
    expect(within(screen.getByTestId('binding-wechat')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('binds an email: asks for the email and the code, counts down after sending', async () => {
    answerPersonalPage();
    const asked: string[] = [];
    const bound: string[] = [];
    server.use(
      http.get('*/api/verification', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('email') ?? '');
        return HttpResponse.json(ok(null));
      }),
      http.get('*/api/oauth/email/bind', ({ request }) => {
        bound.push(new URL(request.url).search);
        return HttpResponse.json(ok(null));
      }),
    );
    open();
    await screen.findByTestId('balance-quota');
    await userEvent.click(within(screen.getByTestId('binding-email')).getByRole('button', { name: 'Bind' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get code' }));
    expect(await within(dialog).findByText('Please enter an email!')).toBeInTheDocument();
    expect(asked).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'me@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get code' }));
    expect(await within(dialog).findByRole('button', { name: 'Resend (30)' })).toBeDisabled();
    expect(asked).toEqual(['me@example.com']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Bind' }));
    expect(await within(dialog).findByText('Please enter the verification code!')).toBeInTheDocument();
    expect(bound).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/^Verification code/), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bind' }));
    expect(await screen.findByText('Email bound!')).toBeInTheDocument();
    expect(bound).toEqual(['?email=me%40example.com&code=123456']);
  });

  it('binds GitHub through the same authorization page as sign-in, with a fresh state', async () => {
    server.use(http.get('*/api/status', () => HttpResponse.json(ok({ ...defaultStatus(), github_oauth: true, github_client_id: 'gh' }))));
    answerPersonalPage({ self: { github_id: '' } });
    const stateQueries: string[] = [];
    server.use(
      http.get('*/api/oauth/state', ({ request }) => {
        stateQueries.push(new URL(request.url).search);
        return HttpResponse.json(ok('state-9'));
      }),
    );
    const go = jest.spyOn(externalNavigation, 'go').mockImplementation(() => undefined);
    try {
      open();
      const github = await screen.findByTestId('binding-github');
      await userEvent.click(await within(github).findByRole('button', { name: 'Bind' }));
      await waitFor(() => expect(go).toHaveBeenCalledWith('https://github.com/login/oauth/authorize?client_id=gh&state=state-9&scope=user%3Aemail'));
      expect(stateQueries).toEqual(['']);
    } finally {
      go.mockRestore();
    }
  });

  it('binds WeChat with the code the official account answers', async () => {
    server.use(
      http.get('*/api/status', () =>
        HttpResponse.json(ok({ ...defaultStatus(), wechat_login: true, wechat_qrcode: 'https://example.com/qr.png' })),
      ),
    );
    answerPersonalPage();
    const codes: (string | null)[] = [];
    server.use(
      http.get('*/api/oauth/wechat/bind', ({ request }) => {
        codes.push(new URL(request.url).searchParams.get('code'));
        return HttpResponse.json(ok(null));
      }),
    );
    open();
    const wechat = await screen.findByTestId('binding-wechat');
    await userEvent.click(await within(wechat).findByRole('button', { name: 'Bind' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByAltText('WeChat official account QR code')).toHaveAttribute('src', 'https://example.com/qr.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bind' }));
    expect(await within(dialog).findByText('Please enter the verification code')).toBeInTheDocument();
    expect(codes).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Verification code'), ' 654321 {Enter}');
    expect(await screen.findByText('WeChat account bound!')).toBeInTheDocument();
    expect(codes).toEqual(['654321']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('binds Telegram with the fields the widget hands the page, in a call of its own with New-Api-User', async () => {
    server.use(
      http.get('*/api/status', () => HttpResponse.json(ok({ ...defaultStatus(), telegram_oauth: true, telegram_bot_name: 'gate_bot' }))),
    );
    answerPersonalPage({ self: { telegram_id: '' } });
    const sent: Array<{ fields: Record<string, string>; user: string | null }> = [];
    server.use(
      http.get('*/api/oauth/telegram/bind', ({ request }) => {
        sent.push({ fields: Object.fromEntries(new URL(request.url).searchParams), user: request.headers.get('New-Api-User') });
        return HttpResponse.json({ success: true, message: 'bind', data: { id: 7 } });
      }),
    );
    open();
    const widget = await within(await screen.findByTestId('binding-telegram')).findByTestId('telegram-widget');
    const script = widget.querySelector('script');
    expect(script).toHaveAttribute('data-telegram-login', 'gate_bot');
    // The widget reports to the page; it never sends the browser to a URL with the fields.
    expect(script).toHaveAttribute('data-onauth', `${TELEGRAM_CALLBACK_NAME}(user)`);
    expect(script).not.toHaveAttribute('data-auth-url');
    const callback = (window as unknown as Record<string, (user: unknown) => void>)[TELEGRAM_CALLBACK_NAME];
    act(() => callback({ id: 42, username: 'bobby', auth_date: 1700000000, hash: 'abc' }));
    expect(await screen.findByText('Telegram account bound!')).toBeInTheDocument();
    expect(sent).toEqual([{ fields: { id: '42', username: 'bobby', auth_date: '1700000000', hash: 'abc' }, user: '7' }]);
  });
});
