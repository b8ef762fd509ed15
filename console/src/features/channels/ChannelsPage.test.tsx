import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { renderPage, TEST_ROOT, TEST_USER } from '../../../test-support/render';
import { StorageKey } from '../../common/local-storage';
import { aChannel, aTagGroup } from './channel-list-fixtures';
import type { ChannelListEntry } from './channels-api';
import { ChannelsPage } from './ChannelsPage';

// Vertex AI stands for a type being added, whatever the catalogue's schemas say today.
jest.mock('@modelgate/channel-types', () =>
  (jest.requireActual('./being-added-fixture') as typeof import('./being-added-fixture')).catalogueWithVertexBeingAdded(),
);

// The editor drawer is the editor engineer's and tested there; here it only shows what it was opened with.
jest.mock('./ChannelEditorDrawer', () => ({
  ChannelEditorDrawer: ({ channelId, isOpen }: { channelId: number | null; isOpen: boolean }) =>
    isOpen ? <div data-testid="channel-editor">editing {channelId}</div> : null,
}));

// Full-page interactions on a shared, busy machine.
jest.setTimeout(30_000);

type Sent = { url: URL; body: unknown };

/** Answers the list (and the group names) with `pages(params)`; records every list request. */
function serveList(pages: (params: URLSearchParams) => ChannelListEntry[]) {
  const asked: URLSearchParams[] = [];
  const answer = ({ request }: { request: Request }) => {
    const params = new URL(request.url).searchParams;
    asked.push(params);
    return HttpResponse.json(ok(pages(params) as never));
  };
  server.use(
    http.get('*/api/channel/', answer),
    http.get('*/api/channel/search', answer),
    http.get('*/api/group/', () => HttpResponse.json(ok(['default', 'vip']))),
  );
  return asked;
}

/** Records the bodies sent to one method and path, answering `data`. */
function capture(method: 'post' | 'put' | 'get' | 'delete', path: string, data: unknown, extra: Record<string, unknown> = {}) {
  const sent: Sent[] = [];
  server.use(
    http[method](`*${path}`, async ({ request }) => {
      const body = method === 'get' || method === 'delete' ? null : await request.json();
      sent.push({ url: new URL(request.url), body });
      return HttpResponse.json({ ...extra, success: true, message: '', data } as never);
    }),
  );
  return sent;
}

const rowOf = (name: string) => screen.getByText(name, { selector: '.mg-channel-name, .mg-channel-name *' }).closest('tr')!;
const open = (route = '/channel') => renderPage(<ChannelsPage />, { route, user: TEST_ROOT });

const channels = [
  aChannel({ id: 1, name: 'fast', response_time: 800, group: 'vip,default', used_quota: 500_000 }),
  aChannel({ id: 2, name: 'slowish', response_time: 2500, type: 14 }),
  aChannel({ id: 3, name: 'tired', response_time: 4200, status: 2 }),
  aChannel({
    id: 4,
    name: 'broken',
    response_time: 9000,
    status: 3,
    other_info: JSON.stringify({ status_reason: 'quota exhausted upstream', status_time: 1_700_000_000 }),
  }),
  aChannel({ id: 5, name: 'fresh', circuit: { state: 'closed', reason: '', since: 0, retry_at: 0, consecutive_failures: 0 } }),
  aChannel({ id: 6, name: 'operated', external_ref: 'k8s:prod/openai-main' }),
];

beforeEach(() => window.localStorage.clear());

describe('ChannelsPage', () => {
  it('shows no permission to a non-admin', async () => {
    renderPage(<ChannelsPage />, { route: '/channel', user: TEST_USER });
    expect(await screen.findByText('No permission')).toBeInTheDocument();
  });

  it('lists channels with statuses, response-time colours, types and the auto-disable reason', async () => {
    const asked = serveList(() => channels);
    open();
    await screen.findByText('fast');
    expect(asked[0].get('p')).toBe('0');
    expect(asked[0].get('page_size')).toBe('10');
    expect(asked[0].get('id_sort')).toBe('false');
    expect(asked[0].get('tag_mode')).toBe('false');
    const tone = (name: string) => within(rowOf(name)).getByText(/ s$|Untested/).closest('[data-tone]')!.getAttribute('data-tone');
    expect(['fast', 'slowish', 'tired', 'broken', 'fresh'].map(tone)).toEqual(['green', 'lime', 'yellow', 'red', 'untested']);
    expect(within(rowOf('fast')).getByText('0.80 s')).toBeInTheDocument();
    expect(within(rowOf('fast')).getByText('Enabled')).toBeInTheDocument();
    expect(within(rowOf('fast')).getByText('$1.00')).toBeInTheDocument();
    const groups = within(rowOf('fast')).getAllByText(/^(vip|default)$/).map((tag) => tag.textContent);
    expect(groups).toEqual(['default', 'vip']);
    expect(within(rowOf('slowish')).getByText('Anthropic Claude')).toBeInTheDocument();
    expect(within(rowOf('tired')).getByText('Disabled')).toBeInTheDocument();
    await userEvent.hover(within(rowOf('broken')).getByText('Auto-disabled'));
    expect(await screen.findByText(/Reason: quota exhausted upstream, time: /)).toBeInTheDocument();
  });

  it("shows each channel's circuit breaker: closed, open with why and until when, half-open", async () => {
    const tripped = aChannel({
      id: 7,
      name: 'tripped',
      circuit: { state: 'open', reason: '503 upstream overloaded', since: 1_700_000_000_000, retry_at: 1_700_000_030_000, consecutive_failures: 5 },
    });
    const probing = aChannel({
      id: 8,
      name: 'probing',
      circuit: { state: 'half-open', reason: '502 failed to reach the upstream provider', since: 1_700_000_031_000, retry_at: 1_700_000_151_000, consecutive_failures: 0 },
    });
    serveList(() => [channels[0]!, channels[4]!, tripped, probing]);
    open();
    await screen.findByText('tripped');
    expect(within(rowOf('fresh')).getByText('Circuit: closed')).toBeInTheDocument();
    expect(within(rowOf('probing')).getByText('Circuit: half-open')).toBeInTheDocument();
    // A server that keeps no breaker state shows none.
    expect(within(rowOf('fast')).queryByText(/^Circuit:/)).toBeNull();
    await userEvent.hover(within(rowOf('tripped')).getByText('Circuit: open'));
    expect(await screen.findByText(/after repeated failures: 503 upstream overloaded\. One probe request may try it after .+ · 5 failures in a row/)).toBeInTheDocument();
  });

  it('offers a balance query only for types whose provider answers one, and says so for the others', async () => {
    serveList(() => channels);
    open();
    await screen.findByText('fast');
    expect(within(rowOf('fast')).getByText('$1.00')).toBeInTheDocument();
    const none = within(rowOf('slowish')).getByTestId('balance-none');
    expect(none).toHaveTextContent('—');
    await userEvent.hover(none);
    expect(await screen.findByText('Anthropic Claude answers no balance query')).toBeInTheDocument();
  });

  it('marks Kubernetes-managed channels and offers them no edit or delete', async () => {
    serveList(() => channels);
    open();
    await screen.findByText('operated');
    const managed = within(rowOf('operated'));
    expect(managed.getByText('Kubernetes: prod/openai-main')).toBeInTheDocument();
    expect(managed.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(managed.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(managed.getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(within(rowOf('fresh')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(rowOf('fresh')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const sent = capture('put', '/api/channel/', channels[5]);
    await userEvent.click(managed.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ id: 6, status: 2 });
  });

  it('pages on until a page comes back short', async () => {
    const asked = serveList((params) => {
      const page = Number(params.get('p'));
      const size = page === 0 ? 10 : 3;
      return Array.from({ length: size }, (_, index) => aChannel({ id: 100 - page * 10 - index, name: `ch-${page}-${index}` }));
    });
    open();
    await screen.findByText('ch-0-0');
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(next).toBeEnabled();
    await userEvent.click(next);
    await screen.findByText('ch-1-2');
    expect(asked.at(-1)!.get('p')).toBe('1');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('remembers the id sort', async () => {
    const asked = serveList(() => channels);
    const first = open();
    await screen.findByText('fast');
    await userEvent.click(screen.getByLabelText('Sort by ID'));
    await waitFor(() => expect(asked.at(-1)!.get('id_sort')).toBe('true'));
    expect(window.localStorage.getItem(StorageKey.idSort)).toBe('true');
    first.unmount();
    const again = serveList(() => channels);
    open();
    await screen.findByText('fast');
    expect(again[0].get('id_sort')).toBe('true');
    expect(screen.getByLabelText('Sort by ID')).toBeChecked();
  });

  it('shows tag aggregates in tag mode, blank priority when the children differ, children on expand', async () => {
    const team = aTagGroup('team', [aChannel({ id: 7, name: 'gamma', priority: 1 }), aChannel({ id: 8, name: 'beta', priority: 2 })], {
      group: 'default,svip,vip',
      used_quota: 1_000_000,
      response_time: 450,
      priority: null,
      weight: 3,
    });
    const asked = serveList((params) => (params.get('tag_mode') === 'true' ? [team, aChannel({ id: 9, name: 'alone' })] : channels));
    open();
    await screen.findByText('fast');
    await userEvent.click(screen.getByLabelText('Tag mode'));
    await screen.findByText('team');
    expect(asked.at(-1)!.get('tag_mode')).toBe('true');
    const row = screen.getByText('team').closest('tr')!;
    expect(within(row).getByText('Tag group')).toBeInTheDocument();
    expect(within(row).getByText('2 channel(s)')).toBeInTheDocument();
    expect(within(row).getByText('svip')).toBeInTheDocument();
    expect(within(row).getByText('$2.00')).toBeInTheDocument();
    expect(within(row).getByText('0.45 s')).toBeInTheDocument();
    expect(within(row).getByLabelText('Priority of team')).toHaveValue(null);
    expect(within(row).getByLabelText('Weight of team')).toHaveValue(3);
    expect(screen.queryByText('gamma')).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Show the channels of team' }));
    expect(screen.getByText('gamma')).toBeInTheDocument();
    expect(screen.getByLabelText('Priority of beta')).toHaveValue(2);
  });

  it('sets the priority of every child of a tag after confirmation, and enables or disables a tag', async () => {
    const team = aTagGroup('team', [aChannel({ id: 7, name: 'gamma' })], { priority: 0, weight: 0 });
    serveList(() => [team]);
    const edits = capture('put', '/api/channel/tag', 1);
    const disabled = capture('post', '/api/channel/tag/disabled', 1);
    const enabled = capture('post', '/api/channel/tag/enabled', 1);
    open();
    const input = await screen.findByLabelText('Priority of team');
    await userEvent.clear(input);
    await userEvent.type(input, '5{Enter}');
    expect(await screen.findByText('Set the priority of every channel of tag team to 5?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits[0].body).toEqual({ tag: 'team', priority: 5 });
    await userEvent.click(screen.getByRole('button', { name: 'Disable all' }));
    await waitFor(() => expect(disabled).toHaveLength(1));
    expect(disabled[0].body).toEqual({ tag: 'team' });
    await userEvent.click(screen.getByRole('button', { name: 'Enable all' }));
    await waitFor(() => expect(enabled).toHaveLength(1));
    expect(enabled[0].body).toEqual({ tag: 'team' });
  });

  it('commits an inline priority edit with PUT and refuses a priority below -999', async () => {
    serveList(() => channels);
    const sent = capture('put', '/api/channel/', channels[0]);
    open();
    const input = await screen.findByLabelText('Priority of fast');
    await userEvent.clear(input);
    await userEvent.type(input, '-1000');
    await userEvent.tab();
    expect(await screen.findByText('Priority must be a whole number from -999 to 1000000')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(input).toHaveValue(0);
    await userEvent.clear(input);
    await userEvent.type(input, '12');
    await userEvent.tab();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ id: 1, priority: 12 });
    const weight = screen.getByLabelText('Weight of fast');
    await userEvent.clear(weight);
    await userEvent.type(weight, '4{Enter}');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].body).toEqual({ id: 1, weight: 4 });
  });

  it('tests a channel and shows the time in seconds, also with a chosen model', async () => {
    serveList(() => channels);
    const tests = capture('get', '/api/channel/test/1', { model: 'gpt-4o-mini', response_time: 1234 }, { time: 1.234 });
    open();
    await screen.findByText('fast');
    await userEvent.click(within(rowOf('fast')).getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Channel fast tested successfully in 1.23 s.')).toBeInTheDocument();
    expect(tests[0].url.searchParams.get('model')).toBe('');
    await userEvent.click(within(rowOf('fast')).getByRole('button', { name: 'Test with a model' }));
    await userEvent.click(await screen.findByText('gpt-4o'));
    await waitFor(() => expect(tests).toHaveLength(2));
    expect(tests[1].url.searchParams.get('model')).toBe('gpt-4o');
  });

  it('asks for a selection and a tag, then tags the selected channels', async () => {
    serveList(() => channels);
    const sent = capture('post', '/api/channel/batch/tag', 2);
    open();
    await screen.findByText('fast');
    await userEvent.click(screen.getByRole('button', { name: 'Set tag' }));
    expect(await screen.findByText('Please select the channels to tag first!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select fast' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select tired' }));
    await userEvent.click(screen.getByRole('button', { name: 'Set tag' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 channel(s) selected')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set tag' }));
    expect(await screen.findByText('The tag cannot be empty!')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Tag name'), ' team ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set tag' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ ids: [1, 3], tag: 'team' });
    expect(await screen.findByText('Tag set on 2 channel(s)!')).toBeInTheDocument();
  });

  it('deletes the selected channels after confirmation', async () => {
    serveList(() => channels);
    const sent = capture('post', '/api/channel/batch', 2);
    open();
    await screen.findByText('fast');
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(await screen.findByText('Please select the channels to delete first!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(await screen.findByText('Delete the 6 selected channel(s)?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ ids: [1, 2, 3, 4, 5, 6] });
    expect(await screen.findByText('Deleted 2 channel(s)!')).toBeInTheDocument();
  });

  it('deletes disabled channels after confirmation and shows the count', async () => {
    serveList(() => channels);
    const sent = capture('delete', '/api/channel/disabled', 3);
    open();
    await screen.findByText('fast');
    await userEvent.click(screen.getByRole('button', { name: 'All channels' }));
    await userEvent.click(await screen.findByText('Delete disabled channels'));
    expect(await screen.findByText('Delete every disabled channel?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deleted every disabled channel: 3 in total')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('opens the editor drawer on edit and the add page on add', async () => {
    serveList(() => channels);
    const page = open();
    await screen.findByText('fast');
    expect(screen.queryByTestId('channel-editor')).toBeNull();
    await userEvent.click(within(rowOf('fresh')).getByRole('button', { name: 'Edit' }));
    expect(screen.getByTestId('channel-editor')).toHaveTextContent('editing 5');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(page.location()).toBe('/channel/add'));
  });

  it('searches by keyword, model and group', async () => {
    const asked = serveList(() => channels);
    open();
    await screen.findByText('fast');
    await userEvent.type(screen.getByLabelText('Search ID, name or key'), 'fa');
    await userEvent.type(screen.getByLabelText('Model keyword'), 'gpt{Enter}');
    await waitFor(() => expect(asked.at(-1)!.get('keyword')).toBe('fa'));
    expect(asked.at(-1)!.get('model')).toBe('gpt');
    await userEvent.selectOptions(screen.getByLabelText('Group'), 'vip');
    await waitFor(() => expect(asked.at(-1)!.get('group')).toBe('vip'));
  });

  it('marks a channel whose type the gateway does not serve with its group, the reason as its title, and no other', async () => {
    serveList(() => [
      aChannel({ id: 11, name: 'palm', type: 11 }),
      aChannel({ id: 15, name: 'vertex', type: 41 }),
      aChannel({ id: 12, name: 'claude', type: 14 }),
      aChannel({ id: 13, name: 'bedrock', type: 33 }),
      aChannel({ id: 14, name: 'openai', type: 1 }),
      aChannel({ id: 16, name: 'qwen', type: 17 }),
    ]);
    open();
    await screen.findByText('palm');
    const vertex = within(rowOf('vertex')).getByTestId('type-not-supported');
    expect(vertex).toHaveTextContent('Being added');
    expect(vertex).toHaveAttribute('data-group', 'coming');
    expect(vertex).toHaveAttribute('title', expect.stringContaining("The gateway is adding this type's API"));
    const palm = within(rowOf('palm'));
    expect(palm.getByText('Google PaLM2')).toBeInTheDocument();
    const tag = palm.getByTestId('type-not-supported');
    expect(tag).toHaveTextContent('Not supported');
    expect(tag).toHaveAttribute('data-group', 'notSupported');
    expect(tag).toHaveAttribute('title', expect.stringContaining('Google retired the PaLM API'));
    // Only enabling, disabling and deleting are left for it.
    expect(palm.getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(palm.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    for (const [name, type] of [['claude', 'Anthropic Claude'], ['bedrock', 'AWS Claude'], ['openai', 'OpenAI'], ['qwen', 'Alibaba Qwen']]) {
      const row = within(rowOf(name));
      expect(row.getByText(type)).toBeInTheDocument();
      expect({ name, tagged: row.queryByTestId('type-not-supported') !== null }).toEqual({ name, tagged: false });
    }
  });
});
