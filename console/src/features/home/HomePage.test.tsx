import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { renderPage, TEST_ROOT, TEST_USER } from '../../../test-support/render';
import { StorageKey } from '../../common/local-storage';
import { HomePage } from './HomePage';

jest.setTimeout(30_000);

function answer(content: string, notice = '') {
  server.use(
    http.get('*/api/home_page_content', () => HttpResponse.json(ok(content))),
    http.get('*/api/notice', () => HttpResponse.json(ok(notice))),
  );
}

describe('home page', () => {
  it('renders Markdown content sanitised: scripts and handlers are removed', async () => {
    answer('# Welcome\n\nSome **bold** text.\n\n<script>window.hacked = true</script><img src="x.png" onerror="window.hacked = true">');
    const page = renderPage(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(page.container.querySelector('script')).toBeNull();
    expect(page.container.querySelector('img')).not.toHaveAttribute('onerror');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('embeds content that is a URL in a frame and tells it the theme and language', async () => {
    answer('https://landing.example/home');
    const page = renderPage(<HomePage />);
    const frame = await waitFor(() => {
      const found = page.container.querySelector('iframe');
      expect(found).not.toBeNull();
      return found as HTMLIFrameElement;
    });
    expect(frame).toHaveAttribute('src', 'https://landing.example/home');
    const posted = jest.spyOn(frame.contentWindow as Window, 'postMessage');
    frame.dispatchEvent(new Event('load'));
    expect(posted).toHaveBeenCalledWith({ themeMode: 'light' }, '*');
    expect(posted).toHaveBeenCalledWith({ lang: 'en' }, '*');
  });

  it('shows a default landing with the API base URL and the way in when no content is set', async () => {
    answer('');
    renderPage(<HomePage />, { user: TEST_USER });
    expect(await screen.findByDisplayValue('http://localhost:3000/v1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Modelgate' })).toBeInTheDocument();
    expect(screen.getByText('OpenAI-compatible')).toBeInTheDocument();
    expect(screen.getByText('Anthropic-compatible')).toBeInTheDocument();
    expect(screen.getByText('Gemini-compatible')).toBeInTheDocument();
    // The providers named come from the channel catalogue: served types only.
    const providers = screen.getByText(/^Upstream providers served:/);
    for (const name of ['OpenAI', 'Anthropic Claude', 'Google Gemini', 'Vertex AI']) expect(providers).toHaveTextContent(name);
    expect(providers).toHaveTextContent('Midjourney Proxy');
    expect(providers).not.toHaveTextContent('Google PaLM2');
    // Only root is told where the address is set.
    expect(screen.queryByRole('button', { name: 'System settings → General' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open the console' }));
    expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
  });

  it('shows root where the server address behind the base URL is set', async () => {
    answer('');
    const page = renderPage(<HomePage />, { user: TEST_ROOT });
    await userEvent.click(await screen.findByRole('button', { name: 'System settings → General' }));
    expect(page.location()).toBe('/setting?tab=system');
  });

  it('offers sign-in to a visitor', async () => {
    answer('');
    const page = renderPage(<HomePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(page.location()).toBe('/login');
  });

  it('shows a notice once per change', async () => {
    answer('Hello', 'Maintenance **tonight**');
    const first = renderPage(<HomePage />);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Maintenance tonight');
    expect(window.localStorage.getItem(StorageKey.notice)).toBe('Maintenance **tonight**');
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();

    let noticeReads = 0;
    server.use(
      http.get('*/api/notice', () => {
        noticeReads += 1;
        return HttpResponse.json(ok('Maintenance **tonight**'));
      }),
    );
    const second = renderPage(<HomePage />);
    await screen.findByText('Hello');
    await waitFor(() => expect(noticeReads).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    second.unmount();

    answer('Hello', 'New notice');
    renderPage(<HomePage />);
    expect(await screen.findByRole('dialog')).toHaveTextContent('New notice');
  });
});
