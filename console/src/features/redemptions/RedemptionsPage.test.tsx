import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, TEST_ROOT, TEST_USER } from '../../../test-support/render';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { copyWithFeedback } from '../../common/copy-feedback';
import { aCode, aCodePage } from './redemption-fixtures';
import { RedemptionsPage } from './RedemptionsPage';

jest.mock('../../common/copy-feedback', () => ({ copyWithFeedback: jest.fn(async () => true) }));

jest.setTimeout(30_000);

const codes = [
  aCode({ id: 1, name: 'fresh', status: 1, quota: 500_000 }),
  aCode({ id: 2, name: 'paused', status: 2, quota: 100_000 }),
  aCode({ id: 3, name: 'spent', status: 3, used_user_id: 42, redeemed_time: 1_700_000_100 }),
];

function serveList(items = codes, total = items.length) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/redemption/', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(ok(aCodePage(items, total)));
    }),
  );
  return asked;
}

function rowOf(name: string): HTMLElement {
  return screen.getByRole('cell', { name }).closest('tr')!;
}

function openPage() {
  return renderPage(<RedemptionsPage />, { route: '/redemption', user: TEST_ROOT, language: 'en' });
}

beforeEach(() => jest.clearAllMocks());

describe('RedemptionsPage', () => {
  it('is for the super admin only', async () => {
    renderPage(<RedemptionsPage />, { route: '/redemption', user: { ...TEST_USER, role: 10 }, language: 'en' });
    expect(await screen.findByText('No permission')).toBeInTheDocument();
    expect(screen.getByText('Only the super administrator can open this page.')).toBeInTheDocument();
  });

  it('lists codes from page 1 with status, quota and who redeemed them', async () => {
    const asked = serveList(codes, 23);
    openPage();
    await screen.findByRole('cell', { name: 'fresh' });
    expect(asked[0].get('p')).toBe('1');
    expect(asked[0].get('page_size')).toBe('10');
    expect(within(rowOf('fresh')).getByText('Unused')).toBeInTheDocument();
    expect(within(rowOf('fresh')).getByText('$1.00')).toBeInTheDocument();
    expect(within(rowOf('fresh')).getByText('None')).toBeInTheDocument();
    expect(within(rowOf('paused')).getByText('Disabled')).toBeInTheDocument();
    expect(within(rowOf('spent')).getByText('Used')).toBeInTheDocument();
    expect(within(rowOf('spent')).getByText('42')).toBeInTheDocument();
    expect(screen.getByText('Items 1–10 of 23')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(asked.at(-1)?.get('p')).toBe('2'));
  });

  it('applies the status rules: enable is off for used codes, edit only for unused ones', async () => {
    serveList();
    openPage();
    await screen.findByRole('cell', { name: 'fresh' });
    expect(within(rowOf('fresh')).getByRole('button', { name: 'Disable' })).toBeEnabled();
    expect(within(rowOf('fresh')).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(rowOf('paused')).getByRole('button', { name: 'Enable' })).toBeEnabled();
    expect(within(rowOf('paused')).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(within(rowOf('spent')).getByRole('button', { name: 'Enable' })).toBeDisabled();
    expect(within(rowOf('spent')).getByRole('button', { name: 'Edit' })).toBeDisabled();
    await userEvent.click(within(rowOf('spent')).getByRole('button', { name: 'Copy' }));
    expect(copyWithFeedback).toHaveBeenCalledWith('f'.repeat(32), 'Redemption code copied to the clipboard');
  });

  it('enables and disables with a status-only update', async () => {
    serveList();
    const sent: Array<{ query: string; body: unknown }> = [];
    server.use(
      http.put('*/api/redemption/', async ({ request }) => {
        sent.push({ query: new URL(request.url).search, body: await request.json() });
        return HttpResponse.json(ok(aCode()));
      }),
    );
    openPage();
    await screen.findByRole('cell', { name: 'fresh' });
    await userEvent.click(within(rowOf('fresh')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ query: '?status_only=true', body: { id: 1, status: 2 } });
    expect(await screen.findByText('Redemption code disabled')).toBeInTheDocument();
    await userEvent.click(within(rowOf('paused')).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(sent[1]?.body).toEqual({ id: 2, status: 1 }));
  });

  it('deletes a code after confirmation', async () => {
    serveList();
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/redemption/:id/', ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json(ok(null));
      }),
    );
    openPage();
    await screen.findByRole('cell', { name: 'fresh' });
    await userEvent.click(within(rowOf('paused')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete the redemption code "paused"?')).toBeInTheDocument();
    expect(deleted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['2']));
    expect(await screen.findByText('Redemption code deleted')).toBeInTheDocument();
  });

  it('searches by keyword', async () => {
    serveList();
    const searched: URLSearchParams[] = [];
    server.use(
      http.get('*/api/redemption/search', ({ request }) => {
        searched.push(new URL(request.url).searchParams);
        return HttpResponse.json(ok(aCodePage([codes[1]])));
      }),
    );
    openPage();
    await screen.findByRole('cell', { name: 'fresh' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search keyword' }), ' pau ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('cell', { name: 'paused' });
    expect(screen.queryByRole('cell', { name: 'fresh' })).not.toBeInTheDocument();
    expect(searched[0].get('keyword')).toBe('pau');
    expect(searched[0].get('p')).toBe('1');
    // The same search again asks the server again (a code may have been redeemed meanwhile).
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searched).toHaveLength(2));
  });
});
