import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../../test-support/http-mock';
import { renderPage, TEST_ROOT } from '../../../../test-support/render';
import { parsePlainDateTime } from '../../../common/dates';
import { LogCleanup, oneMonthBefore } from './LogCleanup';

jest.setTimeout(20_000);
const SLOW = { timeout: 5_000 };

function answerCleanup(removed: number): string[] {
  const timestamps: string[] = [];
  server.use(
    http.delete('*/api/log/', ({ request }) => {
      timestamps.push(new URL(request.url).searchParams.get('target_timestamp') ?? '');
      return HttpResponse.json(ok(removed));
    }),
  );
  return timestamps;
}

const render = () => renderPage(<LogCleanup />, { route: '/setting', user: TEST_ROOT });

describe('log clean-up', () => {
  it('starts one month back', () => {
    expect(oneMonthBefore(new Date(2025, 2, 15, 10, 20, 30))).toEqual(new Date(2025, 1, 15, 10, 20, 30));
    render();
    const shown = parsePlainDateTime((screen.getByLabelText('Clear logs recorded before') as HTMLInputElement).value);
    expect(Math.abs((shown?.getTime() ?? 0) - oneMonthBefore(new Date()).getTime())).toBeLessThan(5_000);
  });

  it('asks, then sends the chosen time in unix seconds and shows how many logs went', async () => {
    const timestamps = answerCleanup(42);
    render();
    const input = screen.getByLabelText('Clear logs recorded before');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '2025-01-02 03:04:05' } });
    await userEvent.click(screen.getByRole('button', { name: 'Clear old logs' }));
    expect(await screen.findByText('Delete every log recorded before 2025-01-02 03:04:05? This cannot be undone.', {}, SLOW)).toBeInTheDocument();
    expect(timestamps).toEqual([]);
    // The confirmation's own button (the date picker, still open, has a Clear button too).
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(timestamps).toEqual([String(new Date(2025, 0, 2, 3, 4, 5).getTime() / 1000)]), SLOW);
    expect(await screen.findByText('42 logs cleaned', {}, SLOW)).toBeInTheDocument();
  });

  it('sends nothing when cancelled', async () => {
    const timestamps = answerCleanup(1);
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Clear old logs' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }, SLOW));
    expect(timestamps).toEqual([]);
  });
});
