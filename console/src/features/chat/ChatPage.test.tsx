import { screen, waitFor } from '@testing-library/react';
import { renderPage, TEST_USER } from '../../../test-support/render';
import { defaultStatus, http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { aPage, aToken } from '../tokens/token-fixtures';
import { leaveTo } from './browser-navigation';
import { Chat2LinkPage } from './Chat2LinkPage';
import { ChatPage } from './ChatPage';

jest.mock('./browser-navigation', () => ({ leaveTo: jest.fn(), openInNewTab: jest.fn() }));

const CHATS = [{ Web: 'https://chat.example/?key={key}&url={address}' }, { Static: 'https://static.example/' }];

function serveStatus(chats: unknown) {
  server.use(http.get('*/api/status', () => HttpResponse.json(ok({ ...defaultStatus(), chats: chats as never }))));
}

function serveTokens(tokens = [aToken({ id: 1, key: 'off', status: 2 }), aToken({ id: 2, key: 'k2' }), aToken({ id: 3, key: 'k3' })]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/token/', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(ok(aPage(tokens)));
    }),
  );
  return asked;
}

beforeEach(() => jest.clearAllMocks());

describe('ChatPage', () => {
  it('embeds the chat link with the first enabled token and the server address', async () => {
    serveStatus(CHATS);
    const asked = serveTokens();
    renderPage(<ChatPage />, { route: '/chat', path: '/chat/:id?', user: TEST_USER });
    const frame = await screen.findByTitle('Chat: Web');
    expect(frame).toHaveAttribute('src', 'https://chat.example/?key=sk-k2&url=http%3A%2F%2Flocalhost%3A3000');
    expect(asked[0].get('p')).toBe('0');
    expect(asked[0].get('size')).toBe('100');
  });

  it('embeds a link without {key} without looking up tokens', async () => {
    serveStatus(CHATS);
    renderPage(<ChatPage />, { route: '/chat/1', path: '/chat/:id?' });
    expect(await screen.findByTitle('Chat: Static')).toHaveAttribute('src', 'https://static.example/');
  });

  it('sends the user to /token 1.5 s after saying no token is enabled', async () => {
    serveStatus(CHATS);
    serveTokens([aToken({ status: 2 }), aToken({ id: 2, status: 3 })]);
    const page = renderPage(<ChatPage />, { route: '/chat/0', path: '/chat/:id?', user: TEST_USER });
    const message = 'There is no enabled token. Please make sure at least one token is enabled!';
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(page.location()).toBe('/chat/0');
    await waitFor(() => expect(page.location()).toBe('/token'), { timeout: 3_000 });
  });

  it('sends a signed-out visitor to /login when the link needs a token', async () => {
    serveStatus(CHATS);
    const page = renderPage(<ChatPage />, { route: '/chat/0', path: '/chat/:id?' });
    await waitFor(() => expect(page.location()).toBe('/login'));
  });

  it('reports chat data it cannot read', async () => {
    serveStatus([{ Web: 42 }]);
    renderPage(<ChatPage />, { route: '/chat/0', path: '/chat/:id?', user: TEST_USER });
    expect((await screen.findAllByText('Failed to parse chat data')).length).toBeGreaterThan(0);
  });

  it('asks for the administrator when the link does not exist', async () => {
    serveStatus(CHATS);
    renderPage(<ChatPage />, { route: '/chat/5', path: '/chat/:id?', user: TEST_USER });
    expect((await screen.findAllByText('Please ask the administrator to configure chat links')).length).toBeGreaterThan(0);
  });
});

describe('Chat2LinkPage', () => {
  it('leaves for the chosen chat link with the first enabled token filled in', async () => {
    serveStatus([{ Static: 'https://static.example/' }, { Other: 'https://other.example/#{key}' }]);
    serveTokens();
    renderPage(<Chat2LinkPage />, { route: '/chat2link?index=1', path: '/chat2link', user: TEST_USER });
    expect(screen.getByText('Redirecting…')).toBeInTheDocument();
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://other.example/#sk-k2'));
    expect(leaveTo).toHaveBeenCalledTimes(1);
  });

  it('uses the first link by default and stays when none is configured', async () => {
    serveStatus([]);
    renderPage(<Chat2LinkPage />, { route: '/chat2link', path: '/chat2link', user: TEST_USER });
    expect((await screen.findAllByText('Please ask the administrator to configure chat links')).length).toBeGreaterThan(0);
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
