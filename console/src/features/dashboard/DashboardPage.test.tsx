import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { defaultStatus, http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { renderPage, TEST_ROOT, TEST_USER } from '../../../test-support/render';
import { DashboardPage } from './DashboardPage';

const self = {
  id: 7, username: 'alice', display_name: 'Alice', role: 1, status: 1, group: 'default',
  quota: 2_500_000, used_quota: 500_000, request_count: 12,
};

function answerData(path: string, rows: unknown[]) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/user/self', () => HttpResponse.json(ok(self))),
    http.get(`*${path}`, ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      return HttpResponse.json(ok(rows as never));
    }),
  );
  return calls;
}

const valueOf = (label: string) => screen.getByText(label).parentElement!;

describe('DashboardPage', () => {
  it('says the dashboard is not enabled when data export is off', async () => {
    server.use(http.get('*/api/status', () => HttpResponse.json(ok({ ...defaultStatus(), enable_data_export: false }))));
    renderPage(<DashboardPage />, { route: '/detail', user: TEST_USER });
    expect(await screen.findByText('The administrator has not enabled the data dashboard.')).toBeInTheDocument();
  });

  it('loads the user\'s own data for the last day by hour and sums it in the cards', async () => {
    const now = Math.floor(Date.now() / 1000);
    const hour = now - (now % 3600);
    const calls = answerData('/api/data/self', [
      { model_name: 'gpt-4o', created_at: hour - 3600, token_used: 1_000, count: 5, quota: 250_000 },
      { model_name: 'claude-3', created_at: hour, token_used: 500, count: 3, quota: 250_000 },
    ]);
    renderPage(<DashboardPage />, { route: '/detail', user: TEST_USER });

    await waitFor(() => expect(within(valueOf('Requests in range')).getByText('8')).toBeInTheDocument());
    expect(within(valueOf('Quota in range')).getByText('$1.00')).toBeInTheDocument();
    expect(within(valueOf('Tokens in range')).getByText('1500')).toBeInTheDocument();
    expect(within(valueOf('Current balance')).getByText('$5.00')).toBeInTheDocument();
    expect(within(valueOf('Request count')).getByText('12')).toBeInTheDocument();
    expect(within(valueOf('Average RPM')).getByText((8 / (25 * 60)).toFixed(3))).toBeInTheDocument();
    expect(screen.getByText('Consumption by model')).toBeInTheDocument();

    const sent = calls[0]!;
    expect(sent.get('default_time')).toBe('hour');
    expect(sent.has('username')).toBe(false);
    expect(Number(sent.get('end_timestamp')) - Number(sent.get('start_timestamp'))).toBe(25 * 3600);
  });

  it('lets admins query one user by day on the admin endpoint', async () => {
    const calls = answerData('/api/data/', []);
    renderPage(<DashboardPage />, { route: '/detail', user: TEST_ROOT });
    expect(await screen.findByText('No usage was recorded in this range.')).toBeInTheDocument();
    expect(calls[0]!.get('username')).toBe('');

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'bob' } });
    fireEvent.change(screen.getByLabelText('Time granularity'), { target: { value: 'day' } });
    fireEvent.click(screen.getByRole('button', { name: 'Query' }));
    await waitFor(() => expect(calls.some((params) => params.get('username') === 'bob')).toBe(true));
    expect(calls.find((params) => params.get('username') === 'bob')!.get('default_time')).toBe('day');
  });

  it('reads the account figures afresh each time the dashboard is opened again', async () => {
    let usedQuota = 500_000;
    let selfCalls = 0;
    server.use(
      http.get('*/api/user/self', () => {
        selfCalls += 1;
        return HttpResponse.json(ok({ ...self, used_quota: usedQuota }));
      }),
      http.get('*/api/data/self', () => HttpResponse.json(ok([]))),
    );
    // Leaving the dashboard for another screen and coming back, in the same running console.
    function Reopenable() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen((current) => !current)}>
            toggle
          </button>
          {open && <DashboardPage />}
        </>
      );
    }
    renderPage(<Reopenable />, { route: '/detail', user: TEST_USER });
    await waitFor(() => expect(within(valueOf('Historical consumption')).getByText('$1.00')).toBeInTheDocument());

    usedQuota = 750_000;
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.queryByText('Historical consumption')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await waitFor(() => expect(within(valueOf('Historical consumption')).getByText('$1.50')).toBeInTheDocument());
    expect(selfCalls).toBe(2);
  });
});
