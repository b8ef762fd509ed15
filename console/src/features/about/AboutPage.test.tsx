import { screen } from '@testing-library/react';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { renderPage } from '../../../test-support/render';
import { AboutPage } from './AboutPage';

jest.setTimeout(30_000);

describe('about page', () => {
  it('renders the about content as sanitised Markdown/HTML', async () => {
    server.use(http.get('*/api/about', () => HttpResponse.json(ok('## Who we are\n<p onclick="alert(1)">A gateway</p><script>alert(1)</script>'))));
    const page = renderPage(<AboutPage />, { route: '/about' });
    expect(await screen.findByRole('heading', { name: 'Who we are' })).toBeInTheDocument();
    expect(screen.getByText('A gateway')).not.toHaveAttribute('onclick');
    expect(page.container.querySelector('script')).toBeNull();
  });

  it('embeds an https URL in a frame', async () => {
    server.use(http.get('*/api/about', () => HttpResponse.json(ok('https://about.example/'))));
    renderPage(<AboutPage />, { route: '/about' });
    expect(await screen.findByTitle('About')).toHaveAttribute('src', 'https://about.example/');
  });

  it('says where to set the content when it is empty, with the version', async () => {
    server.use(http.get('*/api/about', () => HttpResponse.json(ok(''))));
    renderPage(<AboutPage />, { route: '/about' });
    expect(await screen.findByText(/can set the about content/)).toBeInTheDocument();
    expect(await screen.findByText('Version: v0.1.0')).toBeInTheDocument();
  });
});
