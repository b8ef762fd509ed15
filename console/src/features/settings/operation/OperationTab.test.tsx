import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, TEST_ROOT } from '../../../../test-support/render';
import { answerOptions } from './operation-test-support';
import { OperationTab } from './OperationTab';

// The tab renders every card at once; give a loaded machine time.
jest.setTimeout(20_000);
const SLOW = { timeout: 5_000 };

const render = () => renderPage(<OperationTab />, { route: '/setting?tab=operation', path: '/setting', user: TEST_ROOT });

/** The card titled `title`. */
function card(title: string): HTMLElement {
  const section = screen.getByText(title, { selector: '.bp6-section-header *' }).closest('.mg-option-section');
  if (!(section instanceof HTMLElement)) throw new Error(`no section ${title}`);
  return section;
}

const saveIn = (title: string) => userEvent.click(within(card(title)).getByRole('button', { name: 'Save' }));

describe('operation tab', () => {
  it('saves exactly the changed keys of one card', async () => {
    const puts = answerOptions();
    render();
    const retries = await screen.findByLabelText('Retries on failure', {}, SLOW);
    await waitFor(() => expect(retries).toHaveValue(0), SLOW);
    fireEvent.change(screen.getByLabelText('Top-up link'), { target: { value: ' https://shop.example ' } });
    fireEvent.change(retries, { target: { value: '3' } });
    // Edited in another card, which is not saved here.
    fireEvent.change(screen.getByLabelText('Quota reminder threshold'), { target: { value: '99' } });
    await saveIn('General');
    await waitFor(() =>
      expect(puts).toEqual([
        { key: 'TopUpLink', value: 'https://shop.example' },
        { key: 'RetryTimes', value: '3' },
      ]),
    );
    expect(await screen.findByText('Saved', {}, SLOW)).toBeInTheDocument();
  });

  it('writes a switch the moment it flips', async () => {
    const puts = answerOptions();
    render();
    const drawing = await screen.findByRole('checkbox', { name: 'Enable drawing' }, SLOW);
    await waitFor(() => expect(drawing).toBeChecked(), SLOW);
    await userEvent.click(drawing);
    await waitFor(() => expect(puts).toEqual([{ key: 'DrawingEnabled', value: 'false' }]), SLOW);
  });

  it('shows what each quota amount is worth in dollars', async () => {
    answerOptions({ QuotaForNewUser: '500000', QuotaPerUnit: '250000' });
    render();
    const newUser = await screen.findByLabelText('Initial quota of a new user', {}, SLOW);
    expect(await within(card('Quota')).findByText('Worth $2.00')).toBeInTheDocument();
    fireEvent.change(newUser, { target: { value: '125000' } });
    expect(within(card('Quota')).getByText('Worth $0.50')).toBeInTheDocument();
  });

  it('refuses numbers below their minimum and fractions where counts are expected', async () => {
    const puts = answerOptions();
    render();
    const interval = await screen.findByLabelText('Update interval (minutes)');
    await waitFor(() => expect(interval).toHaveValue(5), SLOW);
    fireEvent.change(interval, { target: { value: '0' } });
    await saveIn('Data dashboard');
    expect(await screen.findByText('Must not be less than 1', {}, SLOW)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Initial quota of a new user'), { target: { value: '1.5' } });
    await saveIn('Quota');
    expect(await screen.findByText('Please enter a whole number', {}, SLOW)).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('saves the log retention in whole days', async () => {
    const puts = answerOptions();
    render();
    const retention = await screen.findByLabelText('Keep logs for (days)', {}, SLOW);
    await waitFor(() => expect(retention).toHaveValue(0), SLOW);
    fireEvent.change(retention, { target: { value: '2.5' } });
    await saveIn('Logs');
    expect(await screen.findByText('Please enter a whole number', {}, SLOW)).toBeInTheDocument();
    fireEvent.change(retention, { target: { value: '30' } });
    await saveIn('Logs');
    await waitFor(() => expect(puts).toEqual([{ key: 'LogRetentionDays', value: '30' }]), SLOW);
  });

  it('validates the group ratios and usable groups as JSON objects', async () => {
    const puts = answerOptions();
    render();
    const ratios = await screen.findByLabelText('Group ratios (JSON)');
    await waitFor(() => expect(ratios).toHaveValue('{\n  "default": 1,\n  "vip": 1\n}'), SLOW);
    fireEvent.change(ratios, { target: { value: '{"vip": 1,' } });
    await saveIn('Groups');
    expect(await screen.findByText('Not valid JSON', {}, SLOW)).toBeInTheDocument();
    fireEvent.change(ratios, { target: { value: '{"vip": "cheap"}' } });
    await saveIn('Groups');
    expect(await screen.findByText('The ratio of group vip must be a number not less than 0', {}, SLOW)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Groups users may choose (JSON)'), { target: { value: '["default"]' } });
    fireEvent.change(ratios, { target: { value: '{"vip": 2}' } });
    await saveIn('Groups');
    expect(await screen.findByText('Must be a JSON object', {}, SLOW)).toBeInTheDocument();
    expect(screen.getAllByText('Please check your input').length).toBeGreaterThan(0);
    expect(puts).toEqual([]);
  });

  it('edits a group ratio in the table and saves the JSON it wrote', async () => {
    const puts = answerOptions();
    render();
    const vipRatio = await screen.findByLabelText('Ratio 2', {}, SLOW);
    await waitFor(() => expect(vipRatio).toHaveValue('1'), SLOW);
    await userEvent.clear(vipRatio);
    await userEvent.type(vipRatio, '1.5');
    expect(vipRatio).toHaveValue('1.5');
    await saveIn('Groups');
    await waitFor(() => expect(puts).toEqual([{ key: 'GroupRatio', value: JSON.stringify({ default: 1, vip: 1.5 }, null, 2) }]), SLOW);
  });
});
