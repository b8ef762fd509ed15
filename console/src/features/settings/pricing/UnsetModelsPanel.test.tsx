import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JsonBodyType } from 'msw';
import { http, HttpResponse, ok, rejected, server } from '../../../../test-support/http-mock';
import { renderPage, TEST_ROOT } from '../../../../test-support/render';
import { PricingSection } from './PricingSection';

/** Options as stored, and `enabled` as the enabled-models answer. */
function answer(enabled: JsonBodyType) {
  const puts: Array<{ key: string; value: string }> = [];
  // The options as stored: a save changes what the next read answers.
  const stored: Record<string, string> = {
    ModelPrice: '{"mj-imagine":0.1}',
    ModelRatio: '{"gpt-4o":1.25}',
    CompletionRatio: '{"only-completion":2}',
  };
  server.use(
    http.get('*/api/option/', () => HttpResponse.json(ok(Object.entries(stored).map(([key, value]) => ({ key, value }))))),
    http.get('*/api/channel/models_enabled', () => HttpResponse.json(enabled)),
    http.put('*/api/option/', async ({ request }) => {
      const change = (await request.json()) as { key: string; value: string };
      puts.push(change);
      stored[change.key] = change.value;
      return HttpResponse.json(ok(null));
    }),
  );
  return puts;
}

async function openUnset() {
  renderPage(<PricingSection />, { route: '/setting', user: TEST_ROOT });
  await userEvent.click(await screen.findByRole('radio', { name: 'Models with no ratio' }));
}

const rowBoxes = () => screen.getAllByRole('checkbox', { name: /^Select (?!every)/ });

describe('models with no ratio set', () => {
  it('lists enabled models with neither a price nor a ratio, and hands the chosen ones to the visual editor', async () => {
    const puts = answer(ok(['gpt-4o', 'mj-imagine', 'only-completion', 'new-a', 'new-b']));
    await openUnset();
    expect(await screen.findByText('Only models with no price or ratio are listed here; once set they leave the list')).toBeInTheDocument();
    await screen.findByText('new-a');
    expect(rowBoxes().map((box) => box.getAttribute('aria-label'))).toEqual(['Select only-completion', 'Select new-a', 'Select new-b']);

    await userEvent.click(screen.getByRole('button', { name: 'Add to the visual editor' }));
    expect(await screen.findByText('Please select the models to set first')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select new-a' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select only-completion' }));
    expect(screen.getByText('2 models selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to the visual editor' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('What to set'), 'ratio');
    await userEvent.type(within(dialog).getByLabelText('Model ratio'), 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to the visual editor' }));
    expect(await screen.findByText('Please enter a valid number')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Model ratio'));
    await userEvent.type(within(dialog).getByLabelText('Model ratio'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to the visual editor' }));

    // The visual editor opens with the new values; saving writes them.
    expect(await screen.findByLabelText('Model ratio of new-a')).toHaveValue('2');
    expect(screen.getByLabelText('Model ratio of only-completion')).toHaveValue('2');
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(puts.map(({ key, value }) => [key, JSON.parse(value)])).toEqual([['ModelRatio', { 'gpt-4o': 1.25, 'only-completion': 2, 'new-a': 2 }]]));

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    // Back on the list (read again from the server), the models just set are gone.
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('radio', { name: 'Models with no ratio' }));
    await screen.findByText('new-b');
    expect(rowBoxes().map((box) => box.getAttribute('aria-label'))).toEqual(['Select new-b']);
  });

  it('gives the chosen models a fixed price', async () => {
    const puts = answer(ok(['new-a']));
    await openUnset();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select every model on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to the visual editor' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Fixed price (USD per call)'), '0.04');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to the visual editor' }));
    expect(await screen.findByLabelText('Fixed price of new-a')).toHaveValue('0.04');
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(puts.map(({ key, value }) => [key, JSON.parse(value)])).toEqual([['ModelPrice', { 'mj-imagine': 0.1, 'new-a': 0.04 }]]));
  });

  it('says when every enabled model is set, and when the list cannot be loaded', async () => {
    answer(ok(['gpt-4o', 'mj-imagine']));
    const first = renderPage(<PricingSection />, { route: '/setting', user: TEST_ROOT });
    await userEvent.click(await screen.findByRole('radio', { name: 'Models with no ratio' }));
    expect(await screen.findByText('Every enabled model has a price or ratio')).toBeInTheDocument();
    first.unmount();

    answer(rejected('boom'));
    await openUnset();
    expect(await screen.findByText('Failed to load the enabled models')).toBeInTheDocument();
  });
});
