import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../../test-support/http-mock';
import { renderPage, TEST_ROOT } from '../../../../test-support/render';
import { OidcSection } from './OidcSection';

const WELL_KNOWN = 'https://id.example.com/.well-known/openid-configuration';

function answerOptions() {
  const puts: Array<{ key: string; value: string }> = [];
  server.use(
    http.get('*/api/option/', () =>
      HttpResponse.json(ok([{ key: 'ServerAddress', value: 'https://gateway.example.com' }, { key: 'oidc.client_id', value: 'console' }])),
    ),
    http.put('*/api/option/', async ({ request }) => {
      puts.push((await request.json()) as { key: string; value: string });
      return HttpResponse.json(ok(null));
    }),
  );
  return puts;
}

async function renderSection() {
  renderPage(<OidcSection />, { route: '/setting', user: TEST_ROOT });
  await screen.findByDisplayValue('console');
  fireEvent.change(screen.getByLabelText('Well-known URL'), { target: { value: WELL_KNOWN } });
}

describe('OIDC settings', () => {
  it('fills the three endpoints from the well-known document, then saves them with the section', async () => {
    const puts = answerOptions();
    server.use(
      http.get(WELL_KNOWN, () =>
        HttpResponse.json({
          issuer: 'https://id.example.com',
          authorization_endpoint: 'https://id.example.com/authorize',
          token_endpoint: 'https://id.example.com/token',
          userinfo_endpoint: 'https://id.example.com/userinfo',
        }),
      ),
    );
    await renderSection();
    expect(screen.getByText('https://gateway.example.com/oauth/oidc')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fill endpoints from the well-known URL' }));
    expect(await screen.findByText('OIDC configuration loaded; save to keep it')).toBeInTheDocument();
    expect(screen.getByLabelText('Authorization endpoint')).toHaveValue('https://id.example.com/authorize');
    expect(screen.getByLabelText('Token endpoint')).toHaveValue('https://id.example.com/token');
    expect(screen.getByLabelText('User info endpoint')).toHaveValue('https://id.example.com/userinfo');
    expect(puts).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { key: 'oidc.authorization_endpoint', value: 'https://id.example.com/authorize' },
        { key: 'oidc.token_endpoint', value: 'https://id.example.com/token' },
        { key: 'oidc.user_info_endpoint', value: 'https://id.example.com/userinfo' },
        { key: 'oidc.well_known', value: WELL_KNOWN },
      ]),
    );
  });

  it('says so when the well-known document cannot be fetched, leaving the endpoints alone', async () => {
    answerOptions();
    server.use(http.get(WELL_KNOWN, () => new HttpResponse('not found', { status: 404 })));
    await renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Fill endpoints from the well-known URL' }));
    expect(await screen.findByText('Failed to get OIDC config, check network and well-known URL')).toBeInTheDocument();
    expect(screen.getByLabelText('Authorization endpoint')).toHaveValue('');
  });

  it('refuses a well-known URL that is not http(s) without fetching it', async () => {
    answerOptions();
    renderPage(<OidcSection />, { route: '/setting', user: TEST_ROOT });
    await screen.findByDisplayValue('console');
    fireEvent.change(screen.getByLabelText('Well-known URL'), { target: { value: 'id.example.com/.well-known' } });
    // Toasts of earlier tests may still be showing: count this one's.
    const failure = 'Failed to get OIDC config, check network and well-known URL';
    const shownBefore = screen.queryAllByText(failure).length;
    await userEvent.click(screen.getByRole('button', { name: 'Fill endpoints from the well-known URL' }));
    await waitFor(() => expect(screen.queryAllByText(failure)).toHaveLength(shownBefore + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must start with http:// or https://')).toBeInTheDocument();
  });
});
