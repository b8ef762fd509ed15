import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, TEST_USER } from '../../../test-support/render';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { aToken } from './token-fixtures';
import { TokenDrawer } from './TokenDrawer';

jest.setTimeout(30_000);

const GROUPS = { default: { desc: 'Default', ratio: 1 }, vip: { desc: 'VIP', ratio: 2 } };

function serveGroups(groups: Record<string, unknown> = GROUPS) {
  server.use(http.get('*/api/user/self/groups', () => HttpResponse.json(ok(groups as never))));
}

function captureCreate() {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/token/', async ({ request }) => {
      const body = (await request.json()) as { count: number };
      bodies.push(body);
      return HttpResponse.json(ok(Array.from({ length: body.count }, (_, index) => aToken({ id: index + 1 }))));
    }),
  );
  return bodies;
}

async function submit() {
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('TokenDrawer', () => {
  it('checks the name, expiry and count before sending anything', async () => {
    serveGroups();
    const bodies = captureCreate();
    const onClose = jest.fn();
    renderPage(<TokenDrawer onClose={onClose} />, { route: '/token', user: TEST_USER });
    await screen.findByText('Create a token');
    await submit();
    expect(await screen.findByText('Please enter a token name')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText(/^Name/));
    await userEvent.paste('x'.repeat(31));
    const expiry = screen.getByLabelText('Expires');
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '2030-02-30 10:00:00');
    const count = screen.getByLabelText('How many to create');
    await userEvent.clear(count);
    await userEvent.type(count, '0');
    await submit();
    expect(await screen.findByText('The token name is too long (at most 30 characters)')).toBeInTheDocument();
    expect(screen.getByText('Invalid expiry time format!')).toBeInTheDocument();
    expect(screen.getByText('The number to create must be a positive whole number')).toBeInTheDocument();

    await userEvent.clear(count);
    await userEvent.type(count, '2.5');
    await submit();
    expect(await screen.findByText('The number to create must be a positive whole number')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends exactly the settings chosen, with the batch count, then closes', async () => {
    serveGroups();
    server.use(http.get('*/api/user/models', () => HttpResponse.json(ok(['gpt-4o', 'claude-3-haiku', 'o1']))));
    const bodies = captureCreate();
    const onClose = jest.fn();
    renderPage(<TokenDrawer onClose={onClose} />, { route: '/token', user: TEST_USER });
    await screen.findByText('Create a token');
    await userEvent.type(screen.getByLabelText(/^Name/), 'laptop');
    const expiry = screen.getByLabelText('Expires');
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '2030-01-02 03:04:05');
    await userEvent.click(screen.getByRole('button', { name: '$10' }));
    await userEvent.click(screen.getByRole('button', { name: '20' }));
    await userEvent.type(screen.getByLabelText(/Allowed IPs/), '10.0.0.1{enter}192.168.0.0/16');
    const rpm = screen.getByLabelText('Requests per minute');
    await userEvent.clear(rpm);
    await userEvent.type(rpm, '60');
    const tpm = screen.getByLabelText('Tokens per minute');
    await userEvent.clear(tpm);
    await userEvent.type(tpm, '40000');
    await userEvent.click(screen.getByLabelText(/Limit models/));
    await userEvent.click(await screen.findByPlaceholderText('Choose the models this token may use'));
    // A menu option's click target is its text inside the list item.
    await userEvent.click(within(await screen.findByRole('option', { name: 'claude-3-haiku' })).getByText('claude-3-haiku'));
    await userEvent.click(within(await screen.findByRole('option', { name: 'gpt-4o' })).getByText('gpt-4o'));
    await userEvent.selectOptions(await screen.findByLabelText(/Token group/), 'vip');
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'laptop',
      expired_time: Math.floor(new Date(2030, 0, 2, 3, 4, 5).getTime() / 1000),
      remain_quota: 5_000_000,
      unlimited_quota: false,
      model_limits_enabled: true,
      model_limits: 'claude-3-haiku,gpt-4o',
      allow_ips: '10.0.0.1\n192.168.0.0/16',
      group: 'vip',
      rate_limit_rpm: 60,
      rate_limit_tpm: 40_000,
      count: 20,
    });
    expect(await screen.findByText('Token created. Use Copy in the list to get its key!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('picks the expiry from a calendar into the field as yyyy-MM-dd HH:mm:ss', async () => {
    serveGroups();
    renderPage(<TokenDrawer onClose={jest.fn()} />, { route: '/token', user: TEST_USER });
    await screen.findByText('Create a token');
    const expiry = screen.getByLabelText('Expires');
    expect(expiry).toHaveValue('-1');
    await userEvent.click(screen.getByRole('button', { name: 'Pick the expiry date and time' }));
    // The calendar opens on this month; a later day of it (or of the next month) is picked.
    const today = new Date();
    const target = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 2);
    if (target.getMonth() !== today.getMonth()) await userEvent.click(await screen.findByRole('button', { name: /next month/i }));
    const days = await screen.findAllByRole('gridcell', { name: new RegExp(`\\b${target.getDate()}\\b`) });
    await userEvent.click(within(days[0]!).queryByRole('button') ?? days[0]!);
    await waitFor(() => expect((expiry as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/));
    const pad = (value: number) => String(value).padStart(2, '0');
    expect((expiry as HTMLInputElement).value.slice(0, 10)).toBe(`${target.getFullYear()}-${pad(target.getMonth() + 1)}-${pad(target.getDate())}`);
  });

  it('creates one never-expiring token with the default quota, or an unlimited one', async () => {
    serveGroups();
    const bodies = captureCreate();
    renderPage(<TokenDrawer onClose={jest.fn()} />, { route: '/token', user: TEST_USER });
    await screen.findByText('Create a token');
    await userEvent.type(screen.getByLabelText(/^Name/), 'plain');
    await userEvent.click(screen.getByLabelText('Unlimited quota'));
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'plain',
      expired_time: -1,
      remain_quota: 500_000,
      unlimited_quota: true,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      group: '',
      rate_limit_rpm: 0,
      rate_limit_tpm: 0,
      count: 1,
    });
  });

  it('disables the group choice when the administrator set no selectable group', async () => {
    serveGroups({});
    renderPage(<TokenDrawer onClose={jest.fn()} />, { route: '/token', user: TEST_USER });
    await screen.findByText('Create a token');
    await waitFor(() => expect(screen.getByLabelText(/Token group/)).toBeDisabled());
    expect(screen.getAllByText('The administrator has not set any selectable group').length).toBeGreaterThan(0);
  });

  it('loads a token for editing and sends it back with the changes', async () => {
    serveGroups();
    const stored = aToken({ id: 5, name: 'old', expired_time: -1, group: 'vip', remain_quota: 42, status: 4 });
    server.use(http.get('*/api/token/5', () => HttpResponse.json(ok(stored))));
    const bodies: unknown[] = [];
    server.use(
      http.put('*/api/token/', async ({ request }) => {
        bodies.push({ query: new URL(request.url).search, body: await request.json() });
        return HttpResponse.json(ok(stored));
      }),
    );
    const onClose = jest.fn();
    renderPage(<TokenDrawer tokenId={5} onClose={onClose} />, { route: '/token', user: TEST_USER });
    const name = await screen.findByDisplayValue('old');
    expect(screen.getByText('Edit token')).toBeInTheDocument();
    expect(screen.queryByLabelText('How many to create')).not.toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'renamed');
    await userEvent.click(screen.getByRole('button', { name: '$1' }));
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      query: '',
      body: { ...stored, name: 'renamed', remain_quota: 500_000 },
    });
    expect(await screen.findByText('Token updated!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });
});
