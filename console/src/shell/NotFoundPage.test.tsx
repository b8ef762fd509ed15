import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test-support/render';
import { NotFoundPage } from './NotFoundPage';

describe('not-found page', () => {
  it('says the page does not exist and leads home', async () => {
    const page = renderPage(<NotFoundPage />, { route: '/no/such/page', path: '*' });
    expect(await screen.findByText('The page does not exist; please check your browser address.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to home' }));
    expect(page.location()).toBe('/');
  });
});
