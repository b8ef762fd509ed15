import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { renderPage, TEST_ROOT, TEST_USER } from '../../../test-support/render';
import type { LogEntry } from './log-types';
import { LogsPage } from './LogsPage';

const consumption: LogEntry = {
  id: 11,
  user_id: 7,
  created_at: 1_750_000_000,
  type: 2,
  content: '模型倍率 2.50，补全倍率 4.00，分组倍率 1.00',
  username: 'alice',
  token_name: 'key-a',
  model_name: 'gpt-4o',
  quota: 1500,
  prompt_tokens: 120,
  completion_tokens: 30,
  use_time: 150,
  is_stream: true,
  channel: 3,
  channel_name: 'primary',
  token_id: 4,
  group: 'default',
  other: JSON.stringify({
    frt: 4200,
    model_ratio: 2.5,
    completion_ratio: 4,
    group_ratio: 1,
    is_model_mapped: true,
    upstream_model_name: 'gpt-4o-2024',
    admin_info: { use_channel: ['3', '5'] },
  }),
};
const topUp: LogEntry = { ...consumption, id: 12, type: 1, content: 'Redeemed $10', model_name: '', token_name: '', other: '' };

/** Answers the log list and statistics for `prefix` (`/api/log/` or `/api/log/self/`), keeping every query. */
function answerLogs(prefix: string, items: LogEntry[] = [consumption, topUp]) {
  const lists: URLSearchParams[] = [];
  const stats: URLSearchParams[] = [];
  server.use(
    http.get(`*${prefix}stat`, ({ request }) => {
      stats.push(new URL(request.url).searchParams);
      return HttpResponse.json(ok({ quota: 500_000, rpm: 4, tpm: 900 }));
    }),
    http.get(`*${prefix}`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      return HttpResponse.json(ok({ items, total: items.length, page: Number(params.get('p')), page_size: 10 }));
    }),
  );
  return { lists, stats };
}

describe('LogsPage', () => {
  it('loads the user\'s own rows and statistics without admin filters or columns', async () => {
    const { lists, stats } = answerLogs('/api/log/self/');
    renderPage(<LogsPage />, { route: '/log', user: TEST_USER });

    expect(await screen.findByText('Used quota: $1.00')).toBeInTheDocument();
    expect(screen.getByText('RPM: 4')).toBeInTheDocument();
    expect(screen.getByText('TPM: 900')).toBeInTheDocument();
    await screen.findByText('key-a');
    const list = lists[0]!;
    expect(list.get('p')).toBe('1');
    expect(list.get('type')).toBe('0');
    expect(list.has('username')).toBe(false);
    expect(list.has('channel')).toBe(false);
    expect(list.get('token_name')).toBe('');
    const now = Date.now() / 1000;
    expect(Number(list.get('start_timestamp'))).toBeCloseTo(now - 30 * 86_400, -2);
    expect(Number(list.get('end_timestamp'))).toBeCloseTo(now + 3_600, -2);
    expect(stats[0]!.has('p')).toBe(false);

    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Channel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'User' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Channels tried/)).not.toBeInTheDocument();
  });

  it('shows times, tags, mapping and the price explanation of a consumption row', async () => {
    answerLogs('/api/log/self/');
    renderPage(<LogsPage />, { route: '/log', user: TEST_USER });
    const row = (await screen.findByText('key-a')).closest('tr')!;
    expect(within(row).getByText('150 s').closest('.bp6-tag')).toHaveClass('bp6-intent-warning');
    expect(within(row).getByText('First token 4.2 s').closest('.bp6-tag')).toHaveClass('bp6-intent-warning');
    expect(within(row).getByText('Stream')).toBeInTheDocument();
    expect(within(row).getByText('mapped')).toBeInTheDocument();
    expect(within(row).getByText('Consumption')).toBeInTheDocument();
    expect(within(row).getByText('$0.003000')).toBeInTheDocument();
    expect(
      within(row).getByText(
        'model ratio 2.5, completion ratio 4, group ratio 1, for reference only, actual charge prevails',
      ),
    ).toBeInTheDocument();
    // Built from the row's structured `other`, not the server's Chinese sentence (shown once, if at all).
    expect(within(row).queryByText(/模型倍率/)).not.toBeInTheDocument();
    const topUpRow = screen.getByText('Redeemed $10').closest('tr')!;
    expect(within(topUpRow).getByText('Top-up')).toBeInTheDocument();
    expect(within(topUpRow).queryByText(/for reference only/)).not.toBeInTheDocument();
  });

  it('opens a row\'s details under it: the price and, after a retry, the channels tried', async () => {
    answerLogs('/api/log/');
    renderPage(<LogsPage />, { route: '/log', user: TEST_ROOT });
    await screen.findByText('key-a');
    // Details open under the row: the price and, after a retry, the channels tried, each on its own line.
    const row = screen.getByText('key-a').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Show details' }));
    const details = row.nextElementSibling as HTMLElement;
    expect(details).toHaveClass('mg-log-details-row');
    expect(within(details).getByText('Channels tried: 3 → 5')).toBeInTheDocument();
    expect(within(details).getByText(/^model ratio 2\.5/)).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Hide details' }));
    expect(row.nextElementSibling).not.toHaveClass('mg-log-details-row');
  });

  it('sends the admin filters to the admin endpoints and shows the admin columns', async () => {
    const { lists, stats } = answerLogs('/api/log/');
    renderPage(<LogsPage />, { route: '/log', user: TEST_ROOT });
    await screen.findByText('key-a');
    expect(screen.getByRole('columnheader', { name: 'Channel' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'User' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'bob' } });
    fireEvent.change(screen.getByLabelText('Channel ID'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Model name'), { target: { value: 'gpt-4o' } });
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '2025-01-02 03:04:05' } });
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Query' }));

    await waitFor(() => expect(lists.some((params) => params.get('username') === 'bob')).toBe(true));
    const sent = lists.find((params) => params.get('username') === 'bob')!;
    expect(sent.get('channel')).toBe('5');
    expect(sent.get('model_name')).toBe('gpt-4o');
    expect(sent.get('start_timestamp')).toBe(String(new Date(2025, 0, 2, 3, 4, 5).getTime() / 1000));
    expect(sent.get('end_timestamp')).toBe('');
    await waitFor(() => expect(stats.some((params) => params.get('username') === 'bob')).toBe(true));
  });

  it('reloads at once when the type changes and resets to the defaults', async () => {
    const { lists } = answerLogs('/api/log/self/');
    renderPage(<LogsPage />, { route: '/log', user: TEST_USER });
    await screen.findByText('key-a');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '2' } });
    await waitFor(() => expect(lists.at(-1)!.get('type')).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(lists.at(-1)!.get('type')).toBe('0'));
    expect(screen.getByLabelText('Type')).toHaveValue('0');
  });

  it('hides a column chosen off and remembers the choice', async () => {
    answerLogs('/api/log/self/');
    renderPage(<LogsPage />, { route: '/log', user: TEST_USER });
    await screen.findByText('key-a');
    fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Details' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Details' })).not.toBeInTheDocument());
    expect(JSON.parse(window.localStorage.getItem('logs-table-columns') ?? '{}')).toMatchObject({ details: false });
  });

  it('opens the user-info popup from a row for admins', async () => {
    answerLogs('/api/log/');
    server.use(
      http.get('*/api/user/7', () =>
        HttpResponse.json(
          ok({ id: 7, username: 'alice', display_name: 'Alice A.', group: 'vip', quota: 1_000_000, used_quota: 250_000, request_count: 42 }),
        ),
      ),
    );
    renderPage(<LogsPage />, { route: '/log', user: TEST_ROOT });
    await screen.findByText('key-a');
    fireEvent.click(screen.getAllByRole('button', { name: 'Show user alice' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Alice A.')).toBeInTheDocument();
    expect(within(dialog).getByText('vip')).toBeInTheDocument();
    expect(within(dialog).getByText('$2.00')).toBeInTheDocument();
    expect(within(dialog).getByText('$0.50')).toBeInTheDocument();
    expect(within(dialog).getByText('42')).toBeInTheDocument();
  });
});
