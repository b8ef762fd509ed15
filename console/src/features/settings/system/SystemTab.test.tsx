import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../../test-support/http-mock';
import { renderPage, TEST_ROOT } from '../../../../test-support/render';
import { SystemTab } from './SystemTab';

const STORED: Record<string, string> = {
  ServerAddress: 'https://gateway.example.com',
  PasswordLoginEnabled: 'true',
  SMTPPort: '587',
  SMTPSSLEnabled: 'false',
  TopupGroupRatio: '{}',
  GitHubClientId: 'old-id',
  EmailDomainWhitelist: 'gmail.com',
};

const SECRETS = new Set(['GitHubClientSecret']);

/** Answers the option list (secrets are never listed), records every PUT and stores it. */
function answerOptions() {
  const stored = { ...STORED };
  const puts: Array<{ key: string; value: string }> = [];
  server.use(
    http.get('*/api/option/', () => HttpResponse.json(ok(Object.entries(stored).map(([key, value]) => ({ key, value }))))),
    http.put('*/api/option/', async ({ request }) => {
      const change = (await request.json()) as { key: string; value: string };
      puts.push(change);
      if (!SECRETS.has(change.key)) stored[change.key] = change.value;
      return HttpResponse.json(ok(null));
    }),
  );
  return puts;
}

function sectionTitled(title: string): HTMLElement {
  const section = screen.getByText(title, { selector: '.bp6-section-header *' }).closest<HTMLElement>('.bp6-section');
  if (!section) throw new Error(`no section ${title}`);
  return section;
}

async function renderTab() {
  renderPage(<SystemTab />, { route: '/setting?tab=system', path: '/setting', user: TEST_ROOT });
  await screen.findAllByDisplayValue('https://gateway.example.com');
}

describe('the system settings tab', () => {
  it('asks before turning password sign-in off and only then writes it', async () => {
    const puts = answerOptions();
    await renderTab();
    const toggle = screen.getByRole('checkbox', { name: 'Allow sign-in with a password' });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    expect(await screen.findByText(/administrators included/)).toBeInTheDocument();
    expect(puts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(puts).toEqual([{ key: 'PasswordLoginEnabled', value: 'false' }]));
  });

  it('strips trailing slashes from the server address before saving it', async () => {
    const puts = answerOptions();
    await renderTab();
    const general = sectionTitled('General');
    fireEvent.change(within(general).getByLabelText('Server address'), { target: { value: 'https://api.example.com//' } });
    await userEvent.click(within(general).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ key: 'ServerAddress', value: 'https://api.example.com' }]));
  });

  it('refuses top-up group ratios that are not JSON, and payment without a server address', async () => {
    const puts = answerOptions();
    await renderTab();
    const payment = sectionTitled('Payment');
    fireEvent.change(within(payment).getByLabelText('Top-up group ratios'), { target: { value: '{"vip": 0.9' } });
    await userEvent.click(within(payment).getByRole('button', { name: 'Save' }));
    expect(await within(payment).findByText('Not valid JSON')).toBeInTheDocument();
    expect(await screen.findByText('Please check your input')).toBeInTheDocument();

    fireEvent.change(within(payment).getByLabelText('Top-up group ratios'), { target: { value: '{"vip": 0.9}' } });
    fireEvent.change(within(payment).getByLabelText('Server address'), { target: { value: '' } });
    await userEvent.click(within(payment).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fill in the server address first')).toBeInTheDocument();
    expect(puts).toEqual([]);

    fireEvent.change(within(payment).getByLabelText('Server address'), { target: { value: 'https://gateway.example.com' } });
    fireEvent.change(within(payment).getByLabelText('Minimum top-up (dollars)'), { target: { value: '0' } });
    await userEvent.click(within(payment).getByRole('button', { name: 'Save' }));
    expect(await within(payment).findByText('Must not be less than 1')).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('turns SSL on when SMTP is saved with port 465', async () => {
    const puts = answerOptions();
    await renderTab();
    const smtp = sectionTitled('SMTP');
    expect(within(smtp).getByLabelText('SMTP port')).toHaveAttribute('placeholder', '587');
    fireEvent.change(within(smtp).getByLabelText('SMTP port'), { target: { value: '465' } });
    await userEvent.click(within(smtp).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { key: 'SMTPPort', value: '465' },
        { key: 'SMTPSSLEnabled', value: 'true' },
      ]),
    );
    expect(await screen.findByText('Port 465 needs SSL, so SSL has been turned on')).toBeInTheDocument();
  });

  it('leaves an empty secret out of the save and sends a typed one', async () => {
    const puts = answerOptions();
    await renderTab();
    const github = sectionTitled('GitHub OAuth app');
    expect(within(github).getByText('https://gateway.example.com/oauth/github')).toBeInTheDocument();
    fireEvent.change(within(github).getByLabelText('GitHub client ID'), { target: { value: 'new-id' } });
    await userEvent.click(within(github).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ key: 'GitHubClientId', value: 'new-id' }]));

    fireEvent.change(within(github).getByLabelText('GitHub client secret'), { target: { value: 's3cret' } });
    await userEvent.click(within(github).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { key: 'GitHubClientId', value: 'new-id' },
        { key: 'GitHubClientSecret', value: 's3cret' },
      ]),
    );
  });

  it('offers the outbound allow list in its own section, saved with that section', async () => {
    const puts = answerOptions();
    await renderTab();
    const outbound = sectionTitled('Outbound network access');
    fireEvent.change(within(outbound).getByLabelText('Allowed private addresses and ranges'), { target: { value: '127.0.0.1' } });
    await userEvent.click(within(outbound).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ key: 'OutboundAllowedRanges', value: '127.0.0.1' }]));
  });

  it('saves the email whitelist edited as tags as a comma list', async () => {
    const puts = answerOptions();
    await renderTab();
    const email = sectionTitled('Email domain whitelist');
    await within(email).findByText('gmail.com');
    await userEvent.type(within(email).getByLabelText('Allowed domains'), 'example.org{enter}');
    await userEvent.click(within(email).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ key: 'EmailDomainWhitelist', value: 'gmail.com,example.org' }]));
  });
});
