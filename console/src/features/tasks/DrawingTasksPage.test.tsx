import { Classes } from '@blueprintjs/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { renderPage, TEST_ROOT, TEST_USER } from '../../../test-support/render';
import { formatMillis } from '../../common/dates';
import { DrawingTasksPage } from './DrawingTasksPage';

jest.setTimeout(30_000);

const tagOf = (element: HTMLElement) => element.closest(`.${Classes.TAG}`);

function drawing(id: number, patch: Record<string, unknown> = {}) {
  return {
    id,
    code: 1,
    user_id: 7,
    action: 'IMAGINE',
    mj_id: `mj-${id}`,
    prompt: '一只猫',
    prompt_en: 'a cat',
    description: '',
    state: '',
    submit_time: 1_750_000_010_000,
    start_time: 0,
    finish_time: 1_750_000_070_000,
    image_url: '',
    status: 'SUCCESS',
    progress: '100%',
    fail_reason: '',
    quota: 50_000,
    buttons: '[]',
    properties: '',
    ...patch,
  };
}

describe('drawing-task log', () => {
  it('shows an admin the channel, translated action, submit code, status and the image in a dialog', async () => {
    const requests: URL[] = [];
    server.use(
      http.get('*/api/mj/', ({ request }) => {
        requests.push(new URL(request.url));
        return HttpResponse.json(
          ok([
            drawing(1, { channel_id: 3, image_url: 'https://img.example/a1.png' }),
            drawing(2, { channel_id: 4, action: 'UPSCALE', code: 22, status: 'FAILURE', fail_reason: 'banned prompt' }),
            drawing(3, { channel_id: 4, action: 'SWAP_FACE', code: 21, status: 'SUBMITTED', progress: '0%' }),
          ]),
        );
      }),
    );
    renderPage(<DrawingTasksPage />, { route: '/midjourney', user: TEST_ROOT });
    const first = await screen.findByTestId('drawing-task-1');
    const query = requests[0].searchParams;
    const start = Number(query.get('start_timestamp'));
    const end = Number(query.get('end_timestamp'));
    expect(end - start).toBeGreaterThanOrEqual(30 * 24 * 3600);
    expect(Math.abs(Date.now() / 1000 - 30 * 24 * 3600 - start)).toBeLessThan(120);
    expect(within(first).getByText(formatMillis(1_750_000_010_000))).toBeInTheDocument();
    expect(within(first).getByText('Imagine')).toBeInTheDocument();
    expect(tagOf(within(first).getByText('Success'))).toHaveClass(Classes.INTENT_SUCCESS);
    expect(within(first).getByText('Submitted')).toBeInTheDocument();

    const second = screen.getByTestId('drawing-task-2');
    expect(within(second).getByText('Upscale')).toBeInTheDocument();
    expect(within(second).getByText('Duplicate submission')).toBeInTheDocument();
    expect(tagOf(within(second).getByText('Failed'))).toHaveClass(Classes.INTENT_DANGER);
    const third = screen.getByTestId('drawing-task-3');
    expect(within(third).getByText('Swap face')).toBeInTheDocument();
    expect(within(third).getByText('Queued')).toBeInTheDocument();
    expect(within(third).getByText('Waiting')).toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: 'View image' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', 'https://img.example/a1.png');
  });

  it('opens a long failure reason in full', async () => {
    server.use(http.get('*/api/mj/self', () => HttpResponse.json(ok([drawing(9, { fail_reason: 'banned prompt: too long to show' })]))));
    renderPage(<DrawingTasksPage />, { route: '/midjourney', user: TEST_USER });
    const row = await screen.findByTestId('drawing-task-9');
    await userEvent.click(within(row).getByRole('button', { name: 'banned prompt: too long to show' }));
    expect(within(await screen.findByRole('dialog')).getByText('banned prompt: too long to show')).toBeInTheDocument();
  });

  it('lists a user’s own tasks without the channel filter, fetching more past the last loaded page', async () => {
    const pages: string[] = [];
    server.use(
      http.get('*/api/mj/self', ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.has('channel_id')).toBe(false);
        const page = Number(url.searchParams.get('p'));
        pages.push(String(page));
        const size = Number(url.searchParams.get('page_size'));
        return HttpResponse.json(ok(Array.from({ length: page === 0 ? size : 1 }, (_, index) => drawing(page * 100 + index + 1))));
      }),
    );
    renderPage(<DrawingTasksPage />, { route: '/midjourney', user: TEST_USER });
    await screen.findByTestId('drawing-task-1');
    expect(screen.queryByLabelText('Channel ID')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Channel' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByTestId('drawing-task-101');
    expect(pages).toEqual(['0', '1']);
  });
});
