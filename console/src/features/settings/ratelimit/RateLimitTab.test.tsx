import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, TEST_ROOT } from '../../../../test-support/render';
import { answerOptions } from '../operation/operation-test-support';
import { RateLimitTab } from './RateLimitTab';

jest.setTimeout(20_000);
const SLOW = { timeout: 5_000 };

const render = () => renderPage(<RateLimitTab />, { route: '/setting?tab=ratelimit', path: '/setting', user: TEST_ROOT });

async function loaded() {
  const success = await screen.findByLabelText('Most completed requests per period', {}, SLOW);
  await waitFor(() => expect(success).toHaveValue(1000), SLOW);
  return {
    success,
    count: screen.getByLabelText('Most requests per period'),
    period: screen.getByLabelText('Limit period (minutes)'),
  };
}

/** The first card's Save (the model request limits); the channel queue card has its own. */
const save = (card = 0) => userEvent.click(screen.getAllByRole('button', { name: 'Save' })[card]!);

describe('rate-limit tab', () => {
  it('saves the channel queue settings from their own card', async () => {
    const puts = answerOptions({ ChannelQueueTimeoutSeconds: '30', ChannelQueueMaxWaiting: '100' });
    render();
    await loaded();
    const timeout = screen.getByLabelText('Longest wait (seconds)');
    await waitFor(() => expect(timeout).toHaveValue(30), SLOW);
    expect(screen.getByLabelText('Most requests waiting per channel')).toHaveValue(100);
    fireEvent.change(timeout, { target: { value: '5' } });
    await save(1);
    await waitFor(() => expect(puts).toEqual([{ key: 'ChannelQueueTimeoutSeconds', value: '5' }]), SLOW);
  });

  it('shows the stored limits and saves only the changed ones', async () => {
    const puts = answerOptions();
    render();
    const { count, period } = await loaded();
    expect(count).toHaveValue(0);
    expect(period).toHaveValue(1);
    fireEvent.change(count, { target: { value: '60' } });
    await save();
    await waitFor(() => expect(puts).toEqual([{ key: 'ModelRequestRateLimitCount', value: '60' }]), SLOW);
  });

  it('needs a success count of at least 1', async () => {
    const puts = answerOptions();
    render();
    const { success } = await loaded();
    fireEvent.change(success, { target: { value: '0' } });
    await save();
    expect(await screen.findByText('Must not be less than 1', {}, SLOW)).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('allows 0 but nothing below for the request count and the period, and whole numbers only', async () => {
    const puts = answerOptions({ ModelRequestRateLimitCount: '10', ModelRequestRateLimitDurationMinutes: '5' });
    render();
    const { count, period } = await loaded();
    fireEvent.change(count, { target: { value: '-1' } });
    fireEvent.change(period, { target: { value: '1.5' } });
    await save();
    expect(await screen.findByText('Must not be less than 0', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Please enter a whole number')).toBeInTheDocument();
    expect(puts).toEqual([]);

    fireEvent.change(count, { target: { value: '0' } });
    fireEvent.change(period, { target: { value: '0' } });
    await save();
    await waitFor(
      () =>
        expect(puts).toEqual([
          { key: 'ModelRequestRateLimitDurationMinutes', value: '0' },
          { key: 'ModelRequestRateLimitCount', value: '0' },
        ]),
      SLOW,
    );
  });

  it('turns the limit on at once', async () => {
    const puts = answerOptions();
    render();
    await loaded();
    await userEvent.click(screen.getByRole('checkbox', { name: "Limit each user's model requests" }));
    await waitFor(() => expect(puts).toEqual([{ key: 'ModelRequestRateLimitEnabled', value: 'true' }]), SLOW);
  });
});
