import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, TEST_USER } from '../../../test-support/render';
import { defaultStatus, http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { copyWithFeedback } from '../../common/copy-feedback';
import { openInNewTab } from '../chat/browser-navigation';
import { aPage, aToken } from './token-fixtures';
import { TokensPage } from './TokensPage';

jest.mock('../../common/copy-feedback', () => ({ copyWithFeedback: jest.fn(async () => true) }));
jest.mock('../chat/browser-navigation', () => ({ openInNewTab: jest.fn(), leaveTo: jest.fn() }));

const tokens = [
  aToken({ id: 1, name: 'plain', key: 'k1', status: 1, unlimited_quota: true, group: 'vip' }),
  aToken({ id: 2, name: 'limited', key: 'k2', status: 1, model_limits_enabled: true }),
  aToken({ id: 3, name: 'off', key: 'k3', status: 2, expired_time: 1_900_000_000 }),
  aToken({ id: 4, name: 'old', key: 'k4', status: 3 }),
  aToken({ id: 5, name: 'spent', key: 'k5', status: 4, remain_quota: 0 }),
];

/** Serves the user's tokens as the server does: the asked page as a bare array. */
function serveList(items = tokens) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/token/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const page = Number(params.get('p')), size = Number(params.get('size'));
      return HttpResponse.json(ok(aPage(items.slice(page * size, (page + 1) * size))));
    }),
  );
  return asked;
}

function rowOf(name: string): HTMLElement {
  return screen.getByRole('cell', { name }).closest('tr')!;
}

beforeEach(() => jest.clearAllMocks());

describe('TokensPage', () => {
  it('lists tokens with status, quotas, expiry and the personal-use warning', async () => {
    const asked = serveList(tokens);
    renderPage(<TokensPage />, { route: '/token', user: TEST_USER });
    await screen.findByRole('cell', { name: 'plain' });
    expect(asked[0].get('p')).toBe('0');
    expect(asked[0].get('size')).toBe('10');
    expect(screen.getByText(/for your own use only/)).toBeInTheDocument();
    expect(within(rowOf('plain')).getByText('Enabled')).toBeInTheDocument();
    expect(within(rowOf('plain')).getByText('vip')).toBeInTheDocument();
    expect(within(rowOf('plain')).getByText('Unlimited')).toBeInTheDocument();
    expect(within(rowOf('plain')).getByText('Never')).toBeInTheDocument();
    expect(within(rowOf('plain')).getByText('$0.50')).toBeInTheDocument();
    expect(within(rowOf('limited')).getByText('Enabled: model limits')).toBeInTheDocument();
    expect(within(rowOf('limited')).getByText('$1.00')).toBeInTheDocument();
    expect(within(rowOf('off')).getByText('Disabled')).toBeInTheDocument();
    expect(within(rowOf('old')).getByText('Expired')).toBeInTheDocument();
    expect(within(rowOf('spent')).getByText('Exhausted')).toBeInTheDocument();
    // A short page is the last one.
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('pages on while a page comes back full', async () => {
    const many = Array.from({ length: 13 }, (_, index) => aToken({ id: 100 + index, name: `t${index}`, key: `key${index}` }));
    const asked = serveList(many);
    renderPage(<TokensPage />, { route: '/token', user: TEST_USER });
    await screen.findByRole('cell', { name: 't0' });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('cell', { name: 't12' });
    expect(asked.at(-1)!.get('p')).toBe('1');
    expect(screen.queryByRole('cell', { name: 't0' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('asks for a selection, then copies the selected keys one per line', async () => {
    serveList();
    renderPage(<TokensPage />, { route: '/token', user: TEST_USER });
    await screen.findByRole('cell', { name: 'plain' });
    await userEvent.click(screen.getByRole('button', { name: 'Copy selected tokens' }));
    expect(await screen.findByText('Please select at least one token!')).toBeInTheDocument();
    expect(copyWithFeedback).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select plain' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select off' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copy selected tokens' }));
    expect(copyWithFeedback).toHaveBeenCalledWith('sk-k1\nsk-k3', 'Copied 2 token(s) to the clipboard');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copy selected tokens' }));
    expect(copyWithFeedback).toHaveBeenLastCalledWith('sk-k1\nsk-k2\nsk-k3\nsk-k4\nsk-k5', 'Copied 5 token(s) to the clipboard');
  });

  it('switches a token with a status-only update and refreshes the list', async () => {
    const asked = serveList();
    const sent: Array<{ query: string; body: unknown }> = [];
    server.use(
      http.put('*/api/token/', async ({ request }) => {
        sent.push({ query: new URL(request.url).search, body: await request.json() });
        return HttpResponse.json(ok(aToken({ id: 1, status: 2 })));
      }),
    );
    renderPage(<TokensPage />, { route: '/token', user: TEST_USER });
    await screen.findByRole('cell', { name: 'plain' });
    await userEvent.click(within(rowOf('plain')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ query: '?status_only=true', body: { id: 1, status: 2 } });
    expect(await screen.findByText('Token disabled')).toBeInTheDocument();
    await waitFor(() => expect(asked.length).toBeGreaterThan(1));
    await userEvent.click(within(rowOf('off')).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(sent[1]?.body).toEqual({ id: 3, status: 1 }));
  });

  it('does not offer to enable expired or exhausted tokens', async () => {
    serveList();
    renderPage(<TokensPage />, { route: '/token', user: TEST_USER });
    await screen.findByRole('cell', { name: 'plain' });
    expect(within(rowOf('old')).getByRole('button', { name: 'Enable' })).toBeDisabled();
    expect(within(rowOf('spent')).getByRole('button', { name: 'Enable' })).toBeDisabled();
    expect(within(rowOf('off')).getByRole('button', { name: 'Enable' })).toBeEnabled();
  });

  it('searches by keyword and key', async () => {
    serveList();
    const searched: URLSearchParams[] = [];
    server.use(
      http.get('*/api/token/search', ({ request }) => {
        searched.push(new URL(request.url).searchParams);
        return HttpResponse.json(ok(aPage([tokens[2]])));
      }),
    );
    renderPage(<TokensPage />, { route: '/token', user: TEST_USER });
    await screen.findByRole('cell', { name: 'plain' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Token name' }), 'of');
    await userEvent.type(screen.getByRole('textbox', { name: 'Key' }), 'k3');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('cell', { name: 'off' });
    expect(screen.queryByRole('cell', { name: 'plain' })).not.toBeInTheDocument();
    expect(searched[0].get('keyword')).toBe('of');
    expect(searched[0].get('token')).toBe('k3');
    expect(searched[0].get('p')).toBe('0');
  });

  it('opens a chat link with the token and server address filled in', async () => {
    serveList();
    const status = { ...defaultStatus(), chats: [{ Web: 'https://chat.example/?key={key}&url={address}' }] };
    server.use(http.get('*/api/status', () => HttpResponse.json(ok(status))));
    window.localStorage.setItem('status', JSON.stringify(status));
    renderPage(<TokensPage />, { route: '/token', user: TEST_USER });
    await screen.findByRole('cell', { name: 'plain' });
    await userEvent.click(within(rowOf('limited')).getByRole('button', { name: 'Chat' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Web' }));
    expect(openInNewTab).toHaveBeenCalledWith('https://chat.example/?key=sk-k2&url=http%3A%2F%2Flocalhost%3A3000');
  });

  it('says whom to ask when no chat link is configured', async () => {
    serveList();
    renderPage(<TokensPage />, { route: '/token', user: TEST_USER });
    await screen.findByRole('cell', { name: 'plain' });
    await userEvent.click(within(rowOf('plain')).getByRole('button', { name: 'Chat' }));
    expect(await screen.findByText('Please ask the administrator to configure chat links')).toBeInTheDocument();
    expect(openInNewTab).not.toHaveBeenCalled();
  });

  it('deletes a token after confirmation', async () => {
    serveList();
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/token/:id/', ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json(ok(null));
      }),
    );
    renderPage(<TokensPage />, { route: '/token', user: TEST_USER });
    await screen.findByRole('cell', { name: 'plain' });
    await userEvent.click(within(rowOf('off')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to delete this token?')).toBeInTheDocument();
    expect(deleted).toEqual([]);
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['3']));
    expect(await screen.findByText('Token deleted')).toBeInTheDocument();
  });
});
