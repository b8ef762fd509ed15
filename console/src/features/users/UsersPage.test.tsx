import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, TEST_ROOT, TEST_USER } from '../../../test-support/render';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { aUser, aUserPage } from './user-fixtures';
import { UsersPage } from './UsersPage';
import type { ManagedUser } from './users-api';

jest.setTimeout(30_000);

const ADMIN = { ...TEST_USER, id: 2, username: 'admin', role: 10 };

const users = [
  aUser({ id: 1, username: 'root', display_name: 'Root', role: 100 }),
  aUser({ id: 2, username: 'admin', display_name: 'Ada', role: 10 }),
  aUser({ id: 3, username: 'carol', display_name: 'Carol C', role: 1, inviter_id: 2, aff_count: 4 }),
  aUser({ id: 4, username: 'dave', role: 1, status: 2 }),
  aUser({ id: 5, username: 'gone', role: 1, deleted_at: 1_700_000_000, DeletedAt: '2023-11-14T22:13:20Z' }),
  aUser({ id: 6, username: 'odd', role: 5 }),
];

function serveList(items: ManagedUser[] = users, total = items.length) {
  const asked: Array<{ path: string; params: URLSearchParams }> = [];
  const answer = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    asked.push({ path: url.pathname, params: url.searchParams });
    return HttpResponse.json(ok(aUserPage(items, total)));
  };
  server.use(
    http.get('*/api/user/', answer),
    http.get('*/api/user/search', answer),
    http.get('*/api/group/', () => HttpResponse.json(ok(['default', 'vip']))),
  );
  return asked;
}

function serveManage(answer: { role: number; status: number }) {
  const sent: unknown[] = [];
  server.use(
    http.post('*/api/user/manage', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(ok(answer));
    }),
  );
  return sent;
}

function rowOf(username: string): HTMLElement {
  return screen.getByRole('cell', { name: new RegExp(`^${username}`) }).closest('tr')!;
}

async function openAs(user = TEST_ROOT) {
  renderPage(<UsersPage />, { route: '/user', user, language: 'en' });
  await screen.findByRole('cell', { name: /^carol/ });
}

describe('UsersPage', () => {
  it('is for admins only', async () => {
    renderPage(<UsersPage />, { route: '/user', user: TEST_USER, language: 'en' });
    expect(await screen.findByText('No permission')).toBeInTheDocument();
  });

  it('lists users from page 1 with roles, statuses, balances and invitations', async () => {
    const asked = serveList(users, 31);
    await openAs();
    expect(asked[0].params.get('p')).toBe('1');
    expect(asked[0].params.get('page_size')).toBe('10');
    expect(within(rowOf('root')).getByText('Super admin')).toBeInTheDocument();
    expect(within(rowOf('admin')).getByText('Admin')).toBeInTheDocument();
    expect(within(rowOf('carol')).getByText('Common user')).toBeInTheDocument();
    expect(within(rowOf('carol')).getByText('Carol C')).toBeInTheDocument();
    expect(within(rowOf('carol')).getByText('$2.00')).toBeInTheDocument();
    expect(within(rowOf('carol')).getByText('$0.50')).toBeInTheDocument();
    expect(within(rowOf('carol')).getByText('4')).toBeInTheDocument();
    expect(within(rowOf('odd')).getByText('Unknown identity')).toBeInTheDocument();
    expect(within(rowOf('carol')).getByText('Activated')).toBeInTheDocument();
    expect(within(rowOf('dave')).getByText('Banned')).toBeInTheDocument();
    expect(within(rowOf('gone')).getByText('Deleted')).toBeInTheDocument();
    expect(within(rowOf('gone')).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('Items 1–10 of 31')).toBeInTheDocument();
  });

  it('offers an admin nothing on the super admin or another admin, and no promotion', async () => {
    serveList();
    await openAs(ADMIN);
    expect(within(rowOf('root')).queryAllByRole('button')).toHaveLength(0);
    expect(within(rowOf('admin')).queryAllByRole('button')).toHaveLength(0);
    expect(within(rowOf('carol')).getByRole('button', { name: 'Promote' })).toBeDisabled();
    expect(within(rowOf('carol')).getByRole('button', { name: 'Disable' })).toBeEnabled();
    expect(within(rowOf('carol')).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(within(rowOf('carol')).queryByRole('button', { name: 'Demote' })).not.toBeInTheDocument();
  });

  it('offers the super admin demotion of an admin, and nothing on itself', async () => {
    serveList();
    await openAs(TEST_ROOT);
    expect(within(rowOf('admin')).getByRole('button', { name: 'Demote' })).toBeEnabled();
    expect(within(rowOf('admin')).queryByRole('button', { name: 'Promote' })).not.toBeInTheDocument();
    expect(within(rowOf('carol')).getByRole('button', { name: 'Promote' })).toBeEnabled();
    expect(within(rowOf('root')).queryAllByRole('button')).toHaveLength(0);
  });

  it('gives the row the role and status of the answer', async () => {
    serveList();
    const sent = serveManage({ role: 1, status: 2 });
    await openAs();
    await userEvent.click(within(rowOf('carol')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(sent).toEqual([{ id: 3, action: 'disable' }]));
    expect(await within(rowOf('carol')).findByText('Banned')).toBeInTheDocument();
    expect(within(rowOf('carol')).getByRole('button', { name: 'Enable' })).toBeEnabled();
    expect(await screen.findByText('Operation completed successfully!')).toBeInTheDocument();
  });

  it('asks before promoting too, and sends nothing when cancelled', async () => {
    serveList();
    const sent = serveManage({ role: 10, status: 1 });
    await openAs();
    await userEvent.click(within(rowOf('carol')).getByRole('button', { name: 'Promote' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to promote carol to administrator?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    await userEvent.click(within(rowOf('carol')).getByRole('button', { name: 'Promote' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(sent).toEqual([{ id: 3, action: 'promote' }]));
  });

  it('asks before demoting, then shows the new role', async () => {
    serveList();
    const sent = serveManage({ role: 1, status: 1 });
    await openAs();
    await userEvent.click(within(rowOf('admin')).getByRole('button', { name: 'Demote' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Demote' }));
    await waitFor(() => expect(sent).toEqual([{ id: 2, action: 'demote' }]));
    expect(await within(rowOf('admin')).findByText('Common user')).toBeInTheDocument();
  });

  it('asks before deleting, then marks the row deleted without actions', async () => {
    serveList();
    const sent = serveManage({ role: 1, status: 1 });
    await openAs();
    await userEvent.click(within(rowOf('carol')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('This is the same as removing the user and cannot be undone.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent).toEqual([{ id: 3, action: 'delete' }]));
    expect(await within(rowOf('carol')).findByText('Deleted')).toBeInTheDocument();
    expect(within(rowOf('carol')).queryAllByRole('button')).toHaveLength(0);
  });

  it('searches by keyword and by group', async () => {
    const asked = serveList();
    await openAs();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'vip');
    await waitFor(() => expect(asked.at(-1)?.path).toBe('/api/user/search'));
    expect(asked.at(-1)?.params.get('group')).toBe('vip');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search keyword' }), 'car');
    await userEvent.click(screen.getByRole('button', { name: 'Query' }));
    await waitFor(() => expect(asked.at(-1)?.params.get('keyword')).toBe('car'));
    expect(asked.at(-1)?.params.get('group')).toBe('vip');
    expect(asked.at(-1)?.params.get('p')).toBe('1');
  });

  it('adds a user only with a username and a password', async () => {
    const asked = serveList();
    const created: unknown[] = [];
    server.use(
      http.post('*/api/user/', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json(ok(aUser({ id: 9, username: 'erin' })));
      }),
    );
    await openAs();
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const drawer = (await screen.findByRole('heading', { name: 'Add user' })).closest<HTMLElement>('.bp6-drawer')!;
    await userEvent.type(within(drawer).getByLabelText(/^Username/), 'erin');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Username and password cannot be empty!')).toBeInTheDocument();
    expect(created).toEqual([]);
    await userEvent.type(within(drawer).getByLabelText(/^Password/), 'secret-pw1');
    await userEvent.type(within(drawer).getByLabelText(/^Display name/), 'Erin');
    const before = asked.length;
    await userEvent.click(within(drawer).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(created).toEqual([{ username: 'erin', display_name: 'Erin', password: 'secret-pw1' }]));
    expect(await screen.findByText('User account created!')).toBeInTheDocument();
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
  });
});
