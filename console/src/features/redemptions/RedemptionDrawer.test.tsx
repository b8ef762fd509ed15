import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, TEST_ROOT } from '../../../test-support/render';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { copyWithFeedback } from '../../common/copy-feedback';
import { aCode, aCodePage } from './redemption-fixtures';
import { RedemptionsPage } from './RedemptionsPage';

jest.mock('../../common/copy-feedback', () => ({ copyWithFeedback: jest.fn(async () => true) }));

jest.setTimeout(30_000);

function serve() {
  const created: unknown[] = [];
  const updated: unknown[] = [];
  server.use(
    http.get('*/api/redemption/', () => HttpResponse.json(ok(aCodePage([aCode({ id: 5, name: 'fresh' })])))),
    http.get('*/api/redemption/:id', () => HttpResponse.json(ok(aCode({ id: 5, name: 'fresh', quota: 300 })))),
    http.post('*/api/redemption/', async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json(ok(['key-one', 'key-two', 'key-three']));
    }),
    http.put('*/api/redemption/', async ({ request }) => {
      updated.push(await request.json());
      return HttpResponse.json(ok(aCode({ id: 5 })));
    }),
  );
  return { created, updated };
}

/** The open drawer with this title. */
async function drawerTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.closest<HTMLElement>('.bp6-drawer')!;
}

async function openCreate() {
  renderPage(<RedemptionsPage />, { route: '/redemption', user: TEST_ROOT, language: 'en' });
  await screen.findByRole('cell', { name: 'fresh' });
  await userEvent.click(screen.getByRole('button', { name: 'Add redemption codes' }));
  return drawerTitled('Add redemption codes');
}

beforeEach(() => jest.clearAllMocks());

describe('RedemptionDrawer', () => {
  it('checks name length and batch size before sending anything', async () => {
    const { created } = serve();
    const drawer = await openCreate();
    await userEvent.type(within(drawer).getByLabelText(/^Name/), 'x'.repeat(21));
    await userEvent.clear(within(drawer).getByLabelText(/Number of codes/));
    await userEvent.type(within(drawer).getByLabelText(/Number of codes/), '101');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Submit' }));
    expect(await within(drawer).findByText('The name must be 1 to 20 characters long')).toBeInTheDocument();
    expect(within(drawer).getByText('At most 100 codes can be generated at once')).toBeInTheDocument();
    await userEvent.clear(within(drawer).getByLabelText(/Number of codes/));
    await userEvent.type(within(drawer).getByLabelText(/Number of codes/), '0');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Submit' }));
    expect(await within(drawer).findByText('The number of codes must be greater than 0')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it('names an unnamed batch after its quota, then shows the keys and copies them all', async () => {
    const { created } = serve();
    const drawer = await openCreate();
    expect(within(drawer).getByLabelText(/^Quota/)).toHaveValue('100000');
    expect(within(drawer).getByLabelText(/^Name/)).toHaveAttribute('placeholder', 'Defaults to $0.20');
    await userEvent.clear(within(drawer).getByLabelText(/Number of codes/));
    await userEvent.type(within(drawer).getByLabelText(/Number of codes/), '3');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(created).toEqual([{ name: '$0.20', quota: 100000, count: 3 }]));
    const dialog = await screen.findByRole('dialog', { name: /Redemption codes created/ });
    expect(within(dialog).getByRole('textbox')).toHaveValue('key-one\nkey-two\nkey-three');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy all' }));
    expect(copyWithFeedback).toHaveBeenCalledWith('key-one\nkey-two\nkey-three', 'Copied 3 redemption code(s) to the clipboard');
  });

  it('fills the quota from a preset and sends a typed name', async () => {
    const { created } = serve();
    const drawer = await openCreate();
    await userEvent.click(within(drawer).getByRole('button', { name: '$10.00' }));
    expect(within(drawer).getByLabelText(/^Quota/)).toHaveValue('5000000');
    await userEvent.type(within(drawer).getByLabelText(/^Name/), ' promo ');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(created).toEqual([{ name: 'promo', quota: 5000000, count: 1 }]));
  });

  it('edits an unused code: name required, integer quota', async () => {
    const { updated } = serve();
    renderPage(<RedemptionsPage />, { route: '/redemption', user: TEST_ROOT, language: 'en' });
    await screen.findByRole('cell', { name: 'fresh' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const drawer = await drawerTitled('Edit redemption code');
    const name = await within(drawer).findByLabelText(/^Name/);
    expect(name).toHaveValue('fresh');
    expect(within(drawer).queryByLabelText(/Number of codes/)).not.toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Submit' }));
    expect(await within(drawer).findByText('The name must be 1 to 20 characters long')).toBeInTheDocument();
    await userEvent.type(name, 'renamed');
    await userEvent.clear(within(drawer).getByLabelText(/^Quota/));
    await userEvent.type(within(drawer).getByLabelText(/^Quota/), '750');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(updated).toEqual([{ id: 5, name: 'renamed', quota: 750 }]));
    expect(await screen.findByText('Redemption code updated!')).toBeInTheDocument();
  });
});
