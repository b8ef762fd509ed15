import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { renderPage, TEST_ROOT, TEST_USER } from '../../../test-support/render';
import { MusicTasksPage } from './MusicTasksPage';
import { TAG_COLOURS } from './task-labels';

jest.setTimeout(30_000);

/** The Blueprint tag around a text. */
const tagOf = (element: HTMLElement) => element.closest(`.${Classes.TAG}`);

function task(id: number, patch: Record<string, unknown> = {}) {
  return {
    id,
    created_at: 1_750_000_000,
    updated_at: 1_750_000_100,
    task_id: `suno-${id}`,
    platform: 'suno',
    user_id: 7,
    quota: 1000,
    action: 'MUSIC',
    status: 'SUCCESS',
    fail_reason: '',
    submit_time: 1_750_000_000,
    start_time: 1_750_000_001,
    finish_time: 1_750_000_030,
    progress: '100%',
    properties: null,
    data: null,
    ...patch,
  };
}

describe('music/lyrics task log', () => {
  it('shows an admin every column, labels and colours', async () => {
    const requests: URL[] = [];
    server.use(
      http.get('*/api/task/', ({ request }) => {
        requests.push(new URL(request.url));
        return HttpResponse.json(
          ok([
            task(1, { channel_id: 18, status: 'IN_PROGRESS', action: 'LYRICS', progress: '40%', finish_time: 1_750_000_090 }),
            task(2, { channel_id: 4, status: 'FAILURE', fail_reason: 'upstream refused', progress: 'n/a' }),
          ]),
        );
      }),
    );
    renderPage(<MusicTasksPage />, { route: '/task', user: TEST_ROOT });
    const first = await screen.findByTestId('music-task-1');
    expect(requests[0].searchParams.get('p')).toBe('0');
    expect(Number(requests[0].searchParams.get('start_timestamp'))).toBe(Math.floor(new Date(new Date().setHours(0, 0, 0, 0)).getTime() / 1000));
    expect(within(first).getByText('Executing')).toBeInTheDocument();
    expect(within(first).getByText('Generate lyrics')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: '40%' })).toBeInTheDocument();
    expect(tagOf(within(first).getByText('90.0 s'))).toHaveClass(Classes.INTENT_DANGER);
    expect(tagOf(within(first).getByText('18'))).toHaveStyle({ backgroundColor: TAG_COLOURS[3] });

    const second = screen.getByTestId('music-task-2');
    expect(tagOf(within(second).getByText('Failed'))).toHaveClass(Classes.INTENT_DANGER);
    expect(tagOf(within(second).getByText('30.0 s'))).toHaveClass(Classes.INTENT_SUCCESS);
    expect(within(second).getByText('n/a')).toBeInTheDocument();
    expect(tagOf(within(second).getByText('4'))).toHaveStyle({ backgroundColor: TAG_COLOURS[4] });
    expect(screen.getByLabelText('Channel ID')).toBeInTheDocument();

    await userEvent.click(within(second).getByRole('button', { name: 'suno-2' }));
    const dialog = await screen.findByRole('dialog');
    const json = JSON.parse(dialog.querySelector('pre')?.textContent ?? '');
    expect(json).toMatchObject({ id: 2, task_id: 'suno-2', fail_reason: 'upstream refused', channel_id: 4 });
  });

  it('shows a user their own tasks without the channel filter or column, and none for an empty reason', async () => {
    server.use(http.get('*/api/task/self', () => HttpResponse.json(ok([task(5, { channel_id: undefined })]))));
    renderPage(<MusicTasksPage />, { route: '/task', user: TEST_USER });
    const row = await screen.findByTestId('music-task-5');
    expect(screen.queryByLabelText('Channel ID')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Channel' })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'None' }));
    expect(within(await screen.findByRole('dialog')).getByText('None')).toBeInTheDocument();
  });

  it('fetches the next page only when the user reaches the page after the last loaded one', async () => {
    const pages: string[] = [];
    server.use(
      http.get('*/api/task/self', ({ request }) => {
        const url = new URL(request.url);
        pages.push(url.searchParams.get('p') ?? '');
        const page = Number(url.searchParams.get('p'));
        const size = page === 0 ? 10 : 3;
        return HttpResponse.json(ok(Array.from({ length: size }, (_, index) => task(page * 100 + index + 1))));
      }),
    );
    renderPage(<MusicTasksPage />, { route: '/task', user: TEST_USER });
    await screen.findByTestId('music-task-1');
    expect(pages).toEqual(['0']);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByTestId('music-task-101');
    expect(pages).toEqual(['0', '1']);
    // The second page was short: it is the last one.
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByTestId('music-task-1');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByTestId('music-task-103');
    expect(pages).toEqual(['0', '1']);
  });

  it('reloads from page 0 with the task-id filter on Query', async () => {
    const seen: URL[] = [];
    server.use(
      http.get('*/api/task/self', ({ request }) => {
        seen.push(new URL(request.url));
        return HttpResponse.json(ok([task(seen.length)]));
      }),
    );
    renderPage(<MusicTasksPage />, { route: '/task', user: TEST_USER });
    await screen.findByTestId('music-task-1');
    await userEvent.type(screen.getByLabelText('Task ID'), 'suno-9');
    await userEvent.click(screen.getByRole('button', { name: 'Query' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1].searchParams.get('task_id')).toBe('suno-9');
    expect(seen[1].searchParams.get('p')).toBe('0');
    expect(seen[1].searchParams.has('channel_id')).toBe(false);
  });

  it('reads an unfinished task again until it finishes, without a reload', async () => {
    let polls = 0;
    server.use(
      http.get('*/api/task/self', () => {
        polls += 1;
        const done = polls > 1;
        return HttpResponse.json(ok([task(6, { status: done ? 'SUCCESS' : 'IN_PROGRESS', progress: done ? '100%' : '40%', finish_time: done ? 1_750_000_030 : 0 })]));
      }),
    );
    renderPage(<MusicTasksPage />, { route: '/task', user: TEST_USER });
    expect(within(await screen.findByTestId('music-task-6')).getByRole('img', { name: '40%' })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('music-task-6')).getByRole('img', { name: '100%' })).toBeInTheDocument(), { timeout: 8_000 });
    const seen = polls;
    // Finished: nothing more is read.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(polls).toBe(seen);
  });
});
