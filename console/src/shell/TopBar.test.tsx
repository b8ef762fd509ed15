import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultStatus, http, HttpResponse, ok, server } from '../../test-support/http-mock';
import { renderPage, TEST_USER } from '../../test-support/render';
import { TopBar } from './TopBar';

jest.mock('../common/notify', () => ({
  showSuccess: jest.fn(),
  showError: jest.fn(),
  showInfo: jest.fn(),
  showWarning: jest.fn(),
}));
const notify = jest.requireMock('../common/notify') as Record<'showSuccess', jest.Mock>;

function withStatus(overrides: Record<string, unknown>) {
  server.use(http.get('*/api/status', () => HttpResponse.json(ok({ ...defaultStatus(), ...overrides } as never))));
}

function renderTopBar(user = false) {
  return renderPage(<TopBar onToggleSidebar={() => undefined} />, {
    route: '/pricing',
    path: '/pricing',
    language: 'en',
    ...(user ? { user: TEST_USER } : {}),
  });
}

describe('top bar', () => {
  it('shows the badges of self-use and demo mode, and hides Register in self-use mode', async () => {
    withStatus({ self_use_mode_enabled: true, demo_site_enabled: true, system_name: 'Home Gate' });
    renderTopBar();
    expect(await screen.findByText('Self-use mode')).toBeInTheDocument();
    expect(screen.getByText('Demo site')).toBeInTheDocument();
    expect(screen.getByText('Home Gate')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('shows no badge, and offers Register, in the normal mode; docs only when a link is set', async () => {
    renderTopBar();
    expect(await screen.findByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByText('Self-use mode')).not.toBeInTheDocument();
    expect(screen.queryByText('Demo site')).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Docs' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('links to the docs in a new tab when a docs link is configured', async () => {
    withStatus({ docs_link: 'https://docs.example/start' });
    renderTopBar();
    const docs = await screen.findByRole('link', { name: 'Docs' });
    expect(docs).toHaveAttribute('href', 'https://docs.example/start');
    expect(docs).toHaveAttribute('target', '_blank');
  });

  it("shows the signed-in user's initial and name; logout calls the server, toasts and opens /login", async () => {
    let loggedOut = 0;
    server.use(
      http.get('*/api/user/logout', () => {
        loggedOut += 1;
        return HttpResponse.json(ok(null));
      }),
    );
    const page = renderTopBar(true);
    const account = await screen.findByRole('button', { name: 'Account menu' });
    expect(account).toHaveTextContent('Aalice');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();

    await userEvent.click(account);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(page.location()).toBe('/login'));
    expect(loggedOut).toBe(1);
    expect(notify.showSuccess).toHaveBeenCalledWith('Logout successful!');
    expect(page.store.getState().session.user).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
