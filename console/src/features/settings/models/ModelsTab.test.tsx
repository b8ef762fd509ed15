import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../../test-support/http-mock';
import { renderPage, TEST_ROOT } from '../../../../test-support/render';
import { ModelsTab } from './ModelsTab';

function answer() {
  const puts: Array<{ key: string; value: string }> = [];
  const stored: Record<string, string> = {
    'global.pass_through_request_enabled': 'false',
    'gemini.safety_settings': '',
    'gemini.version_settings': '{"default":"v1beta"}',
    'claude.model_headers_settings': '',
    'claude.default_max_tokens': '',
    'claude.thinking_adapter_enabled': 'true',
    'claude.thinking_adapter_budget_tokens_percentage': '0.8',
  };
  server.use(
    http.get('*/api/option/', () => HttpResponse.json(ok(Object.entries(stored).map(([key, value]) => ({ key, value }))))),
    http.put('*/api/option/', async ({ request }) => {
      const change = (await request.json()) as { key: string; value: string };
      puts.push(change);
      stored[change.key] = change.value;
      return HttpResponse.json(ok(null));
    }),
  );
  return puts;
}

const render = () => renderPage(<ModelsTab />, { route: '/setting?tab=models', path: '/setting', user: TEST_ROOT });

describe('the model settings tab', () => {
  it('warns about pass-through and writes the switch at once', async () => {
    const puts = answer();
    render();
    expect(screen.getByText(/requests go to the upstream exactly as received/)).toBeInTheDocument();
    const toggle = await screen.findByRole('checkbox', { name: 'Pass requests through unchanged' });
    await userEvent.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ key: 'global.pass_through_request_enabled', value: 'true' }]));
  });

  it('shows the 8192 example and refuses JSON that does not parse', async () => {
    const puts = answer();
    render();
    await waitFor(() => expect(screen.getByLabelText('Thinking budget percentage')).toHaveValue(0.8));
    const maxTokens = screen.getByLabelText('Claude default max tokens');
    expect(maxTokens.getAttribute('placeholder')).toContain('"default": 8192');
    fireEvent.change(maxTokens, { target: { value: '{"default": ' } });
    const saveButtons = screen.getAllByRole('button', { name: 'Save' });
    await userEvent.click(saveButtons[saveButtons.length - 1]);
    expect(await screen.findByText('Not valid JSON')).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('keeps the thinking budget between 0.1 and 1, then saves the Claude section', async () => {
    const puts = answer();
    render();
    const budget = await screen.findByLabelText('Thinking budget percentage');
    await waitFor(() => expect(budget).toHaveValue(0.8));
    const save = () => {
      const buttons = screen.getAllByRole('button', { name: 'Save' });
      return userEvent.click(buttons[buttons.length - 1]);
    };
    for (const bad of ['1.5', '0.05', '']) {
      fireEvent.change(budget, { target: { value: bad } });
      await save();
      // The declared bounds (0.1 to 1) speak first; the field's own rule catches what they let by.
      expect(await screen.findByText(/^Must (be between 0\.1 and 1|not be greater than 1|not be less than 0\.1)$/)).toBeInTheDocument();
    }
    expect(puts).toEqual([]);
    fireEvent.change(budget, { target: { value: '0.5' } });
    fireEvent.change(screen.getByLabelText('Claude default max tokens'), { target: { value: '{"default": 8192}' } });
    await save();
    await waitFor(() =>
      expect(puts).toEqual([
        { key: 'claude.default_max_tokens', value: '{"default": 8192}' },
        { key: 'claude.thinking_adapter_budget_tokens_percentage', value: '0.5' },
      ]),
    );
  });

  it('saves the Gemini settings in their own section', async () => {
    const puts = answer();
    render();
    const version = await screen.findByLabelText('Gemini API versions');
    await waitFor(() => expect(version).toHaveValue('{\n  "default": "v1beta"\n}'));
    fireEvent.change(version, { target: { value: '{"default":"v1"}' } });
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    await waitFor(() => expect(puts).toEqual([{ key: 'gemini.version_settings', value: '{"default":"v1"}' }]));
  });
});
