import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, rejected, server } from '../../../test-support/http-mock';
import { renderPage } from '../../../test-support/render';
import { useStatus } from './auth-test-helpers';
import { EMPTY_REGISTRATION, validateRegistration } from './register-form';
import { RegisterPage } from './RegisterPage';

function answerRegister(sent: { body: unknown; turnstile: string | null }[]): void {
  server.use(
    http.post('*/api/user/register', async ({ request }) => {
      sent.push({ body: await request.json(), turnstile: new URL(request.url).searchParams.get('turnstile') });
      return HttpResponse.json(ok(null));
    }),
  );
}

async function fill(values: { username?: string; password?: string; password2?: string }) {
  if (values.username) await userEvent.type(screen.getByLabelText(/^Username/), values.username);
  if (values.password) await userEvent.type(screen.getByLabelText(/^Password/), values.password);
  if (values.password2) await userEvent.type(screen.getByLabelText(/^Confirm password/), values.password2);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Register' }));

describe('register page', () => {
  it('checks every field before sending', async () => {
    renderPage(<RegisterPage />, { route: '/register' });
    await screen.findByLabelText(/^Username/);
    await submit();
    expect(screen.getByText('Please enter a username')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password')).toBeInTheDocument();

    await fill({ username: 'carol', password: 'short', password2: 'short' });
    await submit();
    expect(screen.getByText('Password length must not be less than 8 characters!')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Password/), '-long');
    await submit();
    expect(screen.getByText('The two passwords differ')).toBeInTheDocument();
  });

  it('keeps an overlong username as typed and says it is too long', async () => {
    renderPage(<RegisterPage />, { route: '/register' });
    await fill({ username: 'a-thirteen-ch', password: 'long-enough', password2: 'long-enough' });
    // Nothing is cut off unseen: the whole name stays and the form says what is wrong.
    expect(screen.getByLabelText(/^Username/)).toHaveValue('a-thirteen-ch');
    await submit();
    expect(screen.getByText('The username must not be longer than 12 characters!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Username/)).toHaveFocus());
  });

  it('refuses overlong usernames and passwords however they got in', () => {
    const errors = validateRegistration(
      { ...EMPTY_REGISTRATION, username: 'u'.repeat(13), password: 'p'.repeat(21), password2: 'p'.repeat(21) },
      false,
    );
    expect(errors).toEqual({
      username: 'The username must not be longer than 12 characters!',
      password: 'Password length must not be more than 20 characters!',
    });
  });

  it('registers with the stored invite code and goes to login', async () => {
    const sent: { body: unknown; turnstile: string | null }[] = [];
    answerRegister(sent);
    const page = renderPage(<RegisterPage />, { route: '/register?aff=FRIEND' });
    await screen.findByLabelText(/^Username/);
    await fill({ username: 'carol', password: 'password-1', password2: 'password-1' });
    await submit();
    await waitFor(() => expect(page.location()).toBe('/login'));
    expect(sent).toEqual([
      {
        body: {
          username: 'carol',
          password: 'password-1',
          password2: 'password-1',
          email: '',
          verification_code: '',
          aff_code: 'FRIEND',
        },
        turnstile: '',
      },
    ]);
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
  });

  it("shows the server's refusal when registration is closed", async () => {
    server.use(http.post('*/api/user/register', () => HttpResponse.json(rejected('管理员关闭了新用户注册'))));
    const page = renderPage(<RegisterPage />, { route: '/register' });
    await screen.findByLabelText(/^Username/);
    await fill({ username: 'carol', password: 'password-1', password2: 'password-1' });
    await submit();
    expect(await screen.findByText('管理员关闭了新用户注册')).toBeInTheDocument();
    expect(page.location()).toBe('/register');
  });

  it('sends an email code, locks the button for 30 seconds and sends email and code', async () => {
    useStatus({ email_verification: true });
    const emails: (string | null)[] = [];
    server.use(
      http.get('*/api/verification', ({ request }) => {
        emails.push(new URL(request.url).searchParams.get('email'));
        return HttpResponse.json(ok(null));
      }),
    );
    const sent: { body: unknown; turnstile: string | null }[] = [];
    answerRegister(sent);
    renderPage(<RegisterPage />, { route: '/register' });
    await fill({ username: 'carol', password: 'password-1', password2: 'password-1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Get code' }));
    expect(emails).toEqual([]);
    await submit();
    expect(screen.getByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter the verification code')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Email/), 'carol@example.com');
    // The clock still runs (so requests and typing work); the test moves it on by whole seconds.
    jest.useFakeTimers({ advanceTimers: true });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Get code' }));
      expect(await screen.findByRole('button', { name: /^Resend \(30\)$/ })).toBeDisabled();
      expect(emails).toEqual(['carol@example.com']);
      expect(await screen.findByText('Verification code sent, please check your email!')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1_000));
      expect(screen.getByRole('button', { name: /^Resend \(2\d\)$/ })).toBeDisabled();
      for (let second = 0; second < 29; second += 1) act(() => jest.advanceTimersByTime(1_000));
      expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled();
    } finally {
      jest.useRealTimers();
    }

    await userEvent.type(screen.getByLabelText(/^Verification code/), '778899');
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ email: 'carol@example.com', verification_code: '778899' });
  });
});
