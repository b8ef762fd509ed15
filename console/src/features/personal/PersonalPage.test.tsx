import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, rejected, server } from '../../../test-support/http-mock';
import { renderPage, TEST_USER } from '../../../test-support/render';
import { StorageKey } from '../../common/local-storage';
import { answerPersonalPage, recordCopies } from './personal-test-handlers';
import { PersonalPage } from './PersonalPage';

// Full pages on a shared two-core machine need more than the default 5 s.
jest.setTimeout(20_000);

const open = () => renderPage(<PersonalPage />, { route: '/personal', user: TEST_USER, language: 'en' });
const models = Array.from({ length: 13 }, (_, index) => `model-${String(index).padStart(2, '0')}`);

describe('PersonalPage: balance, models and invitations', () => {
  it('shows the balance and invitation figures', async () => {
    answerPersonalPage();
    open();
    expect(await screen.findByTestId('balance-quota')).toHaveTextContent('$2.00');
    expect(screen.getByTestId('aff-quota')).toHaveTextContent('$1.50');
    expect(screen.getByTestId('aff-history')).toHaveTextContent('$3.00');
    expect(screen.getByTestId('aff-count')).toHaveTextContent('3');
  });

  it('folds the model list after 10 tags and remembers the choice', async () => {
    answerPersonalPage({ models });
    const page = open();
    expect(await screen.findByText('model-09')).toBeInTheDocument();
    expect(screen.queryByText('model-10')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '3 more models' }));
    expect(screen.getByText('model-12')).toBeInTheDocument();
    expect(window.localStorage.getItem(StorageKey.modelsExpanded)).toBe('true');
    page.unmount();

    answerPersonalPage({ models });
    open();
    expect(await screen.findByText('model-12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText('model-10')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(StorageKey.modelsExpanded)).toBe('false');
  });

  it('shows no toggle for ten models or fewer', async () => {
    answerPersonalPage({ models: models.slice(0, 10) });
    open();
    expect(await screen.findByText('model-09')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /more models/ })).not.toBeInTheDocument();
  });

  it('copies the invite link built from the invite code', async () => {
    answerPersonalPage({ aff: 'Zy9X' });
    const copies = recordCopies();
    open();
    const link = `${window.location.origin}/register?aff=Zy9X`;
    await waitFor(() => expect(screen.getByLabelText('Invite link')).toHaveValue(link));
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Invite link copied')).toBeInTheDocument();
    expect(copies).toEqual([link]);
  });

  it('checks the transfer minimum and shows the server refusal', async () => {
    answerPersonalPage({ self: { aff_quota: 100_000 } });
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/user/aff_transfer', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(rejected('邀请额度不足！'));
      }),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount to transfer');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('The minimum transfer is $1.00')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.clear(amount);
    await userEvent.type(amount, '500000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('邀请额度不足！')).toBeInTheDocument();
    expect(sent).toEqual([{ quota: 500_000 }]);
  });
});

describe('PersonalPage: notification settings', () => {
  it('loads the stored settings and sends the webhook choice', async () => {
    answerPersonalPage({ self: { setting: JSON.stringify({ notify_type: 'email', quota_warning_threshold: 100000, accept_unset_model_ratio_model: true }) } });
    let body: unknown;
    server.use(
      http.put('*/api/user/setting', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(ok(null, '设置已更新'));
      }),
    );
    open();
    await waitFor(() => expect(screen.getByLabelText('Low-balance threshold')).toHaveValue('100000'));
    await userEvent.click(screen.getByRole('radio', { name: 'Webhook' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The webhook URL cannot be empty')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Webhook URL/), 'http://hooks.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The webhook URL must start with https://')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await userEvent.clear(screen.getByLabelText(/Webhook URL/));
    await userEvent.type(screen.getByLabelText(/Webhook URL/), 'https://hooks.example.com/q');
    await userEvent.type(screen.getByLabelText('Secret (optional)'), 'hush');
    await userEvent.click(screen.getByRole('button', { name: '$10.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Notification settings updated')).toBeInTheDocument();
    expect(body).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 5_000_000,
      webhook_url: 'https://hooks.example.com/q',
      webhook_secret: 'hush',
      notification_email: '',
      accept_unset_model_ratio_model: true,
    });
  });

  it('defaults to email with the 500000 threshold', async () => {
    answerPersonalPage();
    let body: unknown;
    server.use(
      http.put('*/api/user/setting', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(ok(null));
      }),
    );
    open();
    await screen.findByTestId('balance-quota');
    await userEvent.type(screen.getByLabelText('Notification email'), 'me@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(body).toMatchObject({ notify_type: 'email', quota_warning_threshold: 500_000, notification_email: 'me@example.com' }));
  });
});
