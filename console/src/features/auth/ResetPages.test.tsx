import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, rejected, server } from '../../../test-support/http-mock';
import { renderPage } from '../../../test-support/render';
import { fakeTurnstile, removeTurnstile, useStatus } from './auth-test-helpers';
import { ResetConfirmPage } from './ResetConfirmPage';
import { ResetRequestPage } from './ResetRequestPage';

afterEach(removeTurnstile);

/** Answers reset-mail requests and records the query of each. */
function recordResetRequests(): Record<string, string>[] {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get('*/api/reset_password', ({ request }) => {
      asked.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(ok(null));
    }),
  );
  return asked;
}

describe('password reset request', () => {
  it('asks for an email, sends it, then locks retries for 30 seconds', async () => {
    const asked = recordResetRequests();
    renderPage(<ResetRequestPage />, { route: '/reset' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send reset email' }));
    expect(screen.getByText('Please enter your email')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'dave@example.com');
    jest.useFakeTimers({ advanceTimers: true });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Send reset email' }));
      expect(await screen.findByRole('button', { name: 'Retry (30)' })).toBeDisabled();
      expect(asked).toEqual([{ email: 'dave@example.com', turnstile: '' }]);
      expect(await screen.findByText('Reset email sent, please check your inbox!')).toBeInTheDocument();
      for (let second = 0; second < 30; second += 1) act(() => jest.advanceTimersByTime(1_000));
      expect(screen.getByRole('button', { name: 'Send reset email' })).toBeEnabled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('waits for the human check and sends its token', async () => {
    useStatus({ turnstile_check: true, turnstile_site_key: 'k' });
    const turnstile = fakeTurnstile();
    const asked = recordResetRequests();
    renderPage(<ResetRequestPage />, { route: '/reset' });
    await userEvent.type(await screen.findByLabelText('Email'), 'dave@example.com');
    await waitFor(() => expect(turnstile.render).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: 'Send reset email' }));
    expect(
      await screen.findByText('Please try again in a few seconds, Turnstile is checking your environment!'),
    ).toBeInTheDocument();
    act(() => turnstile.render.mock.calls[turnstile.render.mock.calls.length - 1][1].callback('human-ok'));
    await userEvent.click(screen.getByRole('button', { name: 'Send reset email' }));
    await waitFor(() => expect(asked).toEqual([{ email: 'dave@example.com', turnstile: 'human-ok' }]));
  });
});

describe('password reset confirmation', () => {
  it('says so when the link lacks its email or token', async () => {
    renderPage(<ResetConfirmPage />, { route: '/user/reset?email=dave@example.com' });
    expect(await screen.findByText(/This reset link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset my password' })).not.toBeInTheDocument();
  });

  it('redeems the link and shows the new password with a copy button', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/user/reset', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok('NewPass12345'));
      }),
    );
    const execCommand = jest.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderPage(<ResetConfirmPage />, { route: '/user/reset?email=dave%40example.com&token=abc123' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reset my password' }));
    expect(await screen.findByDisplayValue('NewPass12345')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'dave@example.com', token: 'abc123' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByText('The new password has been copied to the clipboard')).toBeInTheDocument();
  });

  it('shows the refusal of a used or expired link', async () => {
    server.use(http.post('*/api/user/reset', () => HttpResponse.json(rejected('重置链接非法或已过期'))));
    renderPage(<ResetConfirmPage />, { route: '/user/reset?email=dave%40example.com&token=used' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reset my password' }));
    expect(await screen.findByText('重置链接非法或已过期')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset my password' })).toBeInTheDocument();
  });
});
