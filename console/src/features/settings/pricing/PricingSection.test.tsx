import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../../test-support/http-mock';
import { renderPage, TEST_ROOT } from '../../../../test-support/render';
import { PricingSection } from './PricingSection';

const STORED = {
  ModelPrice: '{"mj-imagine":0.1}',
  ModelRatio: '{"gpt-4o":1.25,"claude-3":3}',
  CompletionRatio: '{"gpt-4o":4}',
  CacheRatio: '{}',
};

function answer(options: Record<string, string> = STORED) {
  const puts: Array<{ key: string; value: string }> = [];
  const posts: string[] = [];
  // The options as stored: a save changes what the next read answers.
  const stored = { ...options };
  server.use(
    http.get('*/api/option/', () => HttpResponse.json(ok(Object.entries(stored).map(([key, value]) => ({ key, value }))))),
    http.put('*/api/option/', async ({ request }) => {
      const change = (await request.json()) as { key: string; value: string };
      puts.push(change);
      stored[change.key] = change.value;
      return HttpResponse.json(ok(null));
    }),
    http.post('*/api/option/rest_model_ratio', ({ request }) => {
      posts.push(new URL(request.url).pathname);
      return HttpResponse.json({ success: true, message: '重置模型倍率成功' });
    }),
  );
  return { puts, posts };
}

async function openVisual() {
  renderPage(<PricingSection />, { route: '/setting', user: TEST_ROOT });
  await userEvent.click(await screen.findByRole('radio', { name: 'Visual editing' }));
  await screen.findByText('gpt-4o');
}

const rowBoxes = () => screen.getAllByRole('checkbox', { name: /^Select (?!every)/ });
const saved = (puts: Array<{ key: string; value: string }>) => puts.map(({ key, value }) => [key, JSON.parse(value)]);

describe('the visual model-price editor', () => {
  it('shows one row per model, a fixed price disabling the ratios', async () => {
    answer();
    await openVisual();
    expect(screen.getByLabelText('Fixed price of mj-imagine')).toHaveValue('0.1');
    expect(screen.getByLabelText('Model ratio of mj-imagine')).toBeDisabled();
    expect(screen.getByLabelText('Model ratio of gpt-4o')).toHaveValue('1.25');
    expect(screen.getByLabelText('Completion ratio of gpt-4o')).toHaveValue('4');
    expect(screen.getByLabelText('Fixed price of gpt-4o')).toBeDisabled();
  });

  it('says nothing changed, then saves exactly the changed key', async () => {
    const { puts } = answer();
    await openVisual();
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    expect(await screen.findByText("You don't seem to have changed anything")).toBeInTheDocument();
    const ratio = screen.getByLabelText('Model ratio of claude-3');
    await userEvent.clear(ratio);
    await userEvent.type(ratio, '2.5');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(saved(puts)).toEqual([['ModelRatio', { 'gpt-4o': 1.25, 'claude-3': 2.5 }]]));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    // Read back from the server, the table shows the saved value and nothing is pending.
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Model ratio of claude-3')).toHaveValue('2.5');
  });

  it('refuses text that is not a number', async () => {
    answer();
    await openVisual();
    await userEvent.type(screen.getByLabelText('Model ratio of claude-3'), 'x');
    expect(await screen.findByText('Please enter a number')).toBeInTheDocument();
    expect(screen.getByLabelText('Model ratio of claude-3')).toHaveValue('3');
  });

  it('clears the ratios when a row switches to a fixed price, and moves the model between maps', async () => {
    const { puts } = answer();
    await openVisual();
    const mode = screen.getByRole('radiogroup', { name: 'Pricing mode of gpt-4o' });
    await userEvent.click(within(mode).getByRole('radio', { name: 'Fixed price' }));
    expect(screen.getByLabelText('Model ratio of gpt-4o')).toHaveValue('');
    expect(screen.getByLabelText('Model ratio of gpt-4o')).toBeDisabled();
    expect(screen.getByLabelText('Completion ratio of gpt-4o')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Fixed price of gpt-4o'), '0.02');
    // And back: switching to ratios clears the price.
    const imagine = screen.getByRole('radiogroup', { name: 'Pricing mode of mj-imagine' });
    await userEvent.click(within(imagine).getByRole('radio', { name: 'Ratios' }));
    expect(screen.getByLabelText('Fixed price of mj-imagine')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Model ratio of mj-imagine'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() =>
      expect(saved(puts)).toEqual([
        ['ModelPrice', { 'gpt-4o': 0.02 }],
        ['ModelRatio', { 'claude-3': 3, 'mj-imagine': 5 }],
        ['CompletionRatio', {}],
      ]),
    );
  });

  it('adds a model on top and refuses a name already listed', async () => {
    const { puts } = answer();
    await openVisual();
    await userEvent.click(screen.getByRole('button', { name: 'Add model' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Model name'), 'gpt-4o');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('A model with this name already exists')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Model name'));
    await userEvent.type(within(dialog).getByLabelText('Model name'), 'new-model');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Fixed price' }));
    await userEvent.type(within(dialog).getByLabelText('Fixed price (USD per call)'), '0.3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('new-model');
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(saved(puts)).toEqual([['ModelPrice', { 'mj-imagine': 0.1, 'new-model': 0.3 }]]));
  });

  it('batch-sets the selected models, refusing without a selection or value', async () => {
    answer();
    await openVisual();
    await userEvent.click(screen.getByRole('button', { name: 'Batch set (0)' }));
    expect(await screen.findByText('Please select the models to set first')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select gpt-4o' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select claude-3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Batch set (2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The 2 selected models get the same value')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('What to set'), 'both');
    await userEvent.type(within(dialog).getByLabelText('Model ratio'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set' }));
    expect(await screen.findByText('Please enter both the model ratio and the completion ratio')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Completion ratio'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set' }));
    expect(await screen.findByText('Batch set done')).toBeInTheDocument();
    expect(screen.getByLabelText('Model ratio of gpt-4o')).toHaveValue('2');
    expect(screen.getByLabelText('Completion ratio of claude-3')).toHaveValue('3');
    expect(screen.getByLabelText('Fixed price of mj-imagine')).toHaveValue('0.1');
  });

  it('asks before a batch reset, and a reset model leaves every map on save', async () => {
    const { puts } = answer();
    await openVisual();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select gpt-4o' }));
    await userEvent.click(screen.getByRole('button', { name: 'Batch reset (1)' }));
    expect(await screen.findByText('The fixed price and ratios of the 1 selected models will be cleared. This cannot be undone.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Model ratio of gpt-4o')).toHaveValue('1.25');
    await userEvent.click(screen.getByRole('button', { name: 'Batch reset (1)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Model ratio of gpt-4o')).toHaveValue('');
    expect(puts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() =>
      expect(saved(puts)).toEqual([
        ['ModelRatio', { 'claude-3': 3 }],
        ['CompletionRatio', {}],
      ]),
    );
  });

  it('searches and pages ten models at a time, deleting a row', async () => {
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`model-${String(index).padStart(2, '0')}`, index + 1]));
    const { puts } = answer({ ModelPrice: '{}', ModelRatio: JSON.stringify({ 'gpt-4o': 1, ...many }), CompletionRatio: '{}' });
    await openVisual();
    expect(rowBoxes()).toHaveLength(10);
    expect(screen.getByText('1–10 of 13', { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(rowBoxes()).toHaveLength(3);
    fireEvent.change(screen.getByLabelText('Search model names'), { target: { value: 'MODEL-1' } });
    expect(rowBoxes()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Delete model-11' }));
    expect(screen.queryByText('model-11')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply changes' }));
    await waitFor(() => expect(puts.map((put) => put.key)).toEqual(['ModelRatio']));
    expect(JSON.parse(puts[0].value)).not.toHaveProperty('model-11');
  });
});

describe('the pricing JSON editors', () => {
  it('resets the model ratios after a confirmation', async () => {
    const { posts } = answer();
    renderPage(<PricingSection />, { route: '/setting', user: TEST_ROOT });
    await userEvent.click(await screen.findByRole('button', { name: 'Reset model ratios' }));
    expect(await screen.findByText('Reset the model ratios? They go back to the built-in defaults.')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('重置模型倍率成功')).toBeInTheDocument();
    expect(posts).toEqual(['/api/option/rest_model_ratio']);
  });

  it('refuses invalid JSON in a pricing map', async () => {
    const { puts } = answer();
    renderPage(<PricingSection />, { route: '/setting', user: TEST_ROOT });
    const price = await screen.findByLabelText('Fixed model prices');
    // Shown indented, one entry a line, in the monospaced editor.
    await waitFor(() => expect(price).toHaveValue(JSON.stringify(JSON.parse(STORED.ModelPrice), null, 2)));
    expect(price).toHaveClass('mg-code-input');
    fireEvent.change(price, { target: { value: '{"a": ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not valid JSON')).toBeInTheDocument();
    await waitFor(() => expect(price).toHaveFocus());
    expect(puts).toEqual([]);
  });
});
