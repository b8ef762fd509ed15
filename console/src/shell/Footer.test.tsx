import { screen } from '@testing-library/react';
import { defaultStatus, http, HttpResponse, ok, server } from '../../test-support/http-mock';
import { renderPage } from '../../test-support/render';
import { Footer } from './Footer';

function withFooter(footer_html: string) {
  server.use(http.get('*/api/status', () => HttpResponse.json(ok({ ...defaultStatus(), footer_html } as never))));
}

describe('footer', () => {
  it('credits the product name and version with a link to the project by default', async () => {
    renderPage(<Footer />, { language: 'en' });
    expect(await screen.findByText('Modelgate v0.1.0')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open-source project' })).toHaveAttribute('target', '_blank');
  });

  it("shows the admin's footer HTML without scripts or event handlers", async () => {
    withFooter(
      '<span>Run by <a href="https://ops.example">Ops</a></span><script>window.__footerRan = true</script>' +
        '<img src="x" onerror="window.__footerRan = true" alt="badge">',
    );
    const { container } = renderPage(<Footer />, { language: 'en' });
    expect(await screen.findByRole('link', { name: 'Ops' })).toHaveAttribute('href', 'https://ops.example');
    const footer = container.querySelector('footer')!;
    expect(footer.querySelector('script')).toBeNull();
    expect(footer.querySelector('img')).not.toBeNull();
    expect(footer.querySelector('img')!.hasAttribute('onerror')).toBe(false);
    expect(footer.innerHTML).not.toContain('__footerRan');
    expect(screen.queryByText('Open-source project')).not.toBeInTheDocument();
    expect((window as { __footerRan?: boolean }).__footerRan).toBeUndefined();
  });
});
