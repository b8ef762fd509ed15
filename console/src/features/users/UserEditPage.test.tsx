import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, TEST_ROOT } from '../../../test-support/render';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { aUser, aUserPage } from './user-fixtures';
import { UserEditPage } from './UserEditPage';
import { UsersPage } from './UsersPage';

jest.setTimeout(30_000);

const bob = aUser({
  id: 20,
  username: 'bob',
  display_name: 'Bob',
  group: 'vip',
  quota: 1_000_000,
  email: 'bob@example.com',
  github_id: 'bob-gh',
  telegram_id: '12345',
});

function serveUser() {
  const saved: unknown[] = [];
  server.use(
    http.get('*/api/user/:id', () => HttpResponse.json(ok(bob))),
    http.get('*/api/group/', () => HttpResponse.json(ok(['default', 'vip', 'svip']))),
    http.put('*/api/user/', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json(ok(bob));
    }),
  );
  return saved;
}

async function openEditPage() {
  const page = renderPage(<UserEditPage />, { route: '/user/edit/20', path: '/user/edit/:id?', user: TEST_ROOT, language: 'en' });
  await waitFor(() => expect(screen.getByLabelText(/^Username/)).toHaveValue('bob'));
  return page;
}

describe('UserEditPage', () => {
  it('loads the user when opened directly, with the bindings read-only', async () => {
    serveUser();
    await openEditPage();
    expect(screen.getByLabelText(/^Display name/)).toHaveValue('Bob');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByLabelText(/^Group/)).toHaveValue('vip');
    expect(screen.getByLabelText(/^Remaining quota/)).toHaveValue('1000000');
    expect(screen.getByText('Remaining quota ($2.00)')).toBeInTheDocument();
    const bindings = screen.getByRole('region', { name: 'The following information cannot be modified' });
    expect(within(bindings).getByLabelText('Bound email account')).toHaveValue('bob@example.com');
    expect(within(bindings).getByLabelText('Bound GitHub account')).toHaveValue('bob-gh');
    expect(within(bindings).getByLabelText('Bound Telegram account')).toHaveValue('12345');
    expect(within(bindings).getByLabelText('Bound OIDC account')).toHaveValue('');
    for (const input of within(bindings).getAllByRole('textbox')) expect(input).toHaveAttribute('readonly');
  });

  it('sends the edited fields with the quota as an integer, then returns to the list', async () => {
    const saved = serveUser();
    const page = await openEditPage();
    await screen.findByRole('option', { name: 'svip' });
    await userEvent.selectOptions(screen.getByLabelText(/^Group/), 'svip');
    const quota = screen.getByLabelText(/^Remaining quota/);
    await userEvent.clear(quota);
    await userEvent.type(quota, '2500000');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(saved).toEqual([{ id: 20, username: 'bob', display_name: 'Bob', group: 'svip', quota: 2500000 }]),
    );
    expect(await screen.findByText('User information updated!')).toBeInTheDocument();
    await waitFor(() => expect(page.location()).toBe('/user'));
  });

  it('checks the quota, the password length and the username', async () => {
    const saved = serveUser();
    await openEditPage();
    await userEvent.clear(screen.getByLabelText(/^Username/));
    await userEvent.type(screen.getByLabelText(/^Password/), 'short');
    const quota = screen.getByLabelText(/^Remaining quota/);
    await userEvent.clear(quota);
    await userEvent.type(quota, '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The username cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('The password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number from 0 to 1000000000000000')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('adds a negative amount through the add-quota dialog and sends the new total', async () => {
    const saved = serveUser();
    await openEditPage();
    await userEvent.type(screen.getByLabelText(/^Password/), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add quota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add quota' });
    await userEvent.type(within(dialog).getByLabelText('Amount to add'), '-300000');
    expect(within(dialog).getByTestId('add-quota-preview')).toHaveTextContent('New quota: 1000000 + -300000 = 700000 ($1.40)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add quota' })).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Remaining quota/)).toHaveValue('700000');
    expect(saved).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { id: 20, username: 'bob', display_name: 'Bob', group: 'vip', password: 'new-password-1', quota: 700000 },
      ]),
    );
  });

  it('refuses an amount that is not a whole number', async () => {
    serveUser();
    await openEditPage();
    await userEvent.click(screen.getByRole('button', { name: 'Add quota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add quota' });
    await userEvent.type(within(dialog).getByLabelText('Amount to add'), '12abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Enter a whole number between -1000000000000000 and 1000000000000000')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Remaining quota/)).toHaveValue('1000000');
  });

  it('says at once when an amount is too large or would leave a negative balance, and refuses it', async () => {
    serveUser();
    await openEditPage();
    await userEvent.click(screen.getByRole('button', { name: 'Add quota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add quota' });
    const amount = within(dialog).getByLabelText('Amount to add');
    await userEvent.type(amount, '99999999999999999999');
    expect(within(dialog).getByText('Enter a whole number between -1000000000000000 and 1000000000000000')).toBeInTheDocument();
    expect(within(dialog).getByTestId('add-quota-preview')).toHaveTextContent('Current quota: 1000000 ($2.00)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '-1000001');
    expect(within(dialog).getByText('The balance (1000000) cannot go below zero: deduct at most 1000000')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog', { name: 'Add quota' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Remaining quota/)).toHaveValue('1000000');
  });

  it('sends /user/edit without an id to the personal settings', async () => {
    const page = renderPage(<UserEditPage />, { route: '/user/edit', path: '/user/edit/:id?', user: TEST_ROOT, language: 'en' });
    await waitFor(() => expect(page.location()).toBe('/personal'));
  });

  it('edits from the list in a drawer and refreshes the list', async () => {
    const saved = serveUser();
    let listed = 0;
    server.use(
      http.get('*/api/user/', () => {
        listed += 1;
        return HttpResponse.json(ok(aUserPage([bob])));
      }),
    );
    renderPage(<UsersPage />, { route: '/user', user: TEST_ROOT, language: 'en' });
    await screen.findByRole('cell', { name: /^bob/ });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const drawer = (await screen.findByRole('heading', { name: 'Edit user' })).closest<HTMLElement>('.bp6-drawer')!;
    await waitFor(() => expect(within(drawer).getByLabelText(/^Username/)).toHaveValue('bob'));
    await userEvent.type(within(drawer).getByLabelText(/^Display name/), ' B.');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saved).toEqual([{ id: 20, username: 'bob', display_name: 'Bob B.', group: 'vip' }]));
    await waitFor(() => expect(listed).toBeGreaterThan(1));
  });
});
