import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANNEL_TYPES, channelTypeStanding } from '@modelgate/channel-types';
import { rejected, http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { renderPage, TEST_ROOT } from '../../../test-support/render';
import { ChannelEditPage } from './ChannelEditPage';
import { aChannel, capture, chooseType, selectedModels, serveCatalogue, submit, typeInto } from './ChannelEditorTestKit';

// Vertex AI stands for a type being added, whatever the catalogue's schemas say today.
jest.mock('@modelgate/channel-types', () =>
  (jest.requireActual('./being-added-fixture') as typeof import('./being-added-fixture')).catalogueWithVertexBeingAdded(),
);

jest.setTimeout(60_000);

/** A message shown under its field (toasts repeat the first one). */
const inline = (text: string) => screen.getByText(text, { selector: '.bp6-form-helper-text' });

function openNew() {
  serveCatalogue();
  return renderPage(<ChannelEditPage />, { route: '/channel/add', path: '/channel/add', user: TEST_ROOT });
}

async function ready() {
  await screen.findByText('Create a channel');
  await waitFor(() => expect(selectedModels()).toEqual(['gpt-4o', 'gpt-4o-mini']));
}

describe('channel editor: creating', () => {
  it('starts from the default channel with the type\'s models, and sends exactly the form on submit', async () => {
    const bodies = capture('post', '*/api/channel/', () => [aChannel({ id: 1 }), aChannel({ id: 2 })]);
    const page = openNew();
    await ready();
    expect(screen.getByLabelText('Auto-disable')).toBeChecked();
    expect(screen.getByLabelText('Priority')).toHaveValue('0');
    expect(screen.getByLabelText('Weight')).toHaveValue('0');
    expect(screen.getByText('One key per line; each line creates one channel.')).toBeInTheDocument();

    await chooseType('OpenAI', 'claude', /Anthropic Claude/);
    await waitFor(() => expect(selectedModels()).toEqual(['claude-3-haiku', 'claude-3-opus']));
    expect(screen.queryByLabelText('Organization')).not.toBeInTheDocument();
    await chooseType('Anthropic Claude', 'openai', /^OpenAI/);
    expect(screen.getByLabelText('Organization')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Name/), 'pool');
    await userEvent.type(screen.getByLabelText(/^API address/), 'https://up.example.com/');
    await userEvent.type(screen.getByLabelText(/^Key/), 'sk-a{enter}sk-b{enter}');
    expect(screen.getByText('2 channels will be created (one per line).')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Custom model names, separated by commas'), 'my-model, other{enter}');
    await userEvent.click(screen.getByLabelText('Choose or type groups'));
    await userEvent.click(within(await screen.findByRole('option', { name: 'vip' })).getByText('vip'));
    await typeInto('Priority', '-5');
    await typeInto('Weight', '3');
    await userEvent.type(screen.getByLabelText('Tag'), 'crew');
    await userEvent.click(screen.getByLabelText('Auto-disable'));
    await submit();

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      type: 1, name: 'pool', key: 'sk-a\nsk-b', base_url: 'https://up.example.com', other: '', openai_organization: '',
      models: 'gpt-4o,gpt-4o-mini,my-model,other', group: 'default,vip', model_mapping: '', status_code_mapping: '',
      setting: '', param_override: '', auto_ban: 0, test_model: '', tag: 'crew', priority: -5, weight: 3,
      max_rpm: 0, max_tpm: 0, max_concurrency: 0,
    });
    expect(await screen.findByText('Channel created! 2 channels were created')).toBeInTheDocument();
    await waitFor(() => expect(page.location()).toBe('/channel'));
  });

  it('edits the upstream connection settings as fields of their own, saved into the extra settings', async () => {
    const bodies = capture('post', '*/api/channel/', () => [aChannel({ id: 1 })]);
    openNew();
    await ready();
    expect(screen.getByText(/Only this channel is held back, never another channel of the same address/)).toBeInTheDocument();
    expect(screen.getByText(/concurrent calls share a few connections/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Name/), 'pool');
    await userEvent.type(screen.getByLabelText(/^Key/), 'sk-a');
    await typeInto('Upstream connections', '100001');
    await submit();
    await waitFor(() => expect(inline('Upstream connections must be a whole number from 0 to 100000')).toBeInTheDocument());
    expect(bodies).toHaveLength(0);

    await typeInto('Upstream connections', '2');
    await userEvent.click(screen.getByLabelText('HTTP/2 to the upstream'));
    await userEvent.type(screen.getByLabelText('Extra settings'), '{{"force_format": true}');
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ setting: '{"force_format":true,"upstream_connections":2,"upstream_http2":true}' });
  });

  it('shows each validation message and sends nothing', async () => {
    const bodies = capture('post', '*/api/channel/', () => []);
    openNew();
    await ready();
    await submit();
    expect((await screen.findAllByText('Please fill in the channel name and key!')).length).toBeGreaterThanOrEqual(2);

    await userEvent.type(screen.getByLabelText(/^Name/), 'n');
    await userEvent.type(screen.getByLabelText(/^Key/), 'k');
    await userEvent.click(screen.getByRole('button', { name: 'Clear all models' }));
    await userEvent.type(screen.getByLabelText('Model mapping'), '{{bad');
    await userEvent.type(screen.getByLabelText('Status code mapping'), 'x');
    await typeInto('Priority', '-1000');
    await typeInto('Weight', '1.5');
    await userEvent.type(screen.getByLabelText('Extra settings'), '[[]');
    await userEvent.type(screen.getByLabelText(/^API address/), 'ftp://x');
    await submit();
    await waitFor(() => expect(inline('Please choose at least one model!')).toBeInTheDocument());
    expect(inline('The model mapping must be valid JSON!')).toBeInTheDocument();
    expect(inline('The status code mapping must be valid JSON!')).toBeInTheDocument();
    expect(inline('Priority must be a whole number from -999 to 1000000')).toBeInTheDocument();
    expect(inline('Weight must be a whole number from 0 to 1000000')).toBeInTheDocument();
    expect(inline('The extra settings must be valid JSON!')).toBeInTheDocument();
    expect(inline('The API address must be a URL starting with http:// or https://')).toBeInTheDocument();

    await chooseType('OpenAI', 'custom', /Custom channel/);
    await typeInto(/^Full base URL/, '');
    await submit();
    await waitFor(() => expect(inline('This channel type needs its address')).toBeInTheDocument());
    await chooseType('Custom channel', '33', /AWS Claude/);
    await submit();
    await waitFor(() => expect(inline('The key of this channel type must look like Ak|Sk|Region')).toBeInTheDocument());
    expect(screen.getByLabelText(/^Key/)).toHaveAttribute('placeholder', 'Key format: Ak|Sk|Region');
    expect(bodies).toEqual([]);
  });

  it('warns about a /v1 address and asks before saving it; a negative weight is saved as 0', async () => {
    const bodies = capture('post', '*/api/channel/', () => [aChannel()]);
    openNew();
    await ready();
    await userEvent.type(screen.getByLabelText(/^Name/), 'v1');
    await userEvent.type(screen.getByLabelText(/^Key/), 'sk-v1');
    await userEvent.type(screen.getByLabelText(/^API address/), 'https://up.example.com/v1/');
    expect(screen.getByTestId('v1-warning')).toHaveTextContent('No need to add /v1 at the end');
    await typeInto('Weight', '-4');
    await submit();
    expect(await screen.findByText(/Continue\?$/)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ base_url: 'https://up.example.com/v1', weight: 0, key: 'sk-v1' });
    expect(await screen.findByText('Channel created!')).toBeInTheDocument();
  });

  it('fetches the upstream models of a new channel with its key, and says when it fails', async () => {
    const asked: unknown[] = [];
    let fail = false;
    server.use(
      http.post('*/api/channel/fetch_models', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json(fail ? rejected('获取模型列表失败：上游返回 HTTP 401') : ok(['gpt-4o', 'up-1', 'up-2']));
      }),
    );
    openNew();
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Get model list' }));
    expect(await screen.findByText('Please enter the key')).toBeInTheDocument();
    expect(asked).toEqual([]);

    await userEvent.type(screen.getByLabelText(/^API address/), 'https://up.example.com/');
    await userEvent.type(screen.getByLabelText(/^Key/), 'sk-up');
    await userEvent.click(screen.getByRole('button', { name: 'Get model list' }));
    expect(await screen.findByText('Model list fetched')).toBeInTheDocument();
    expect(asked).toEqual([{ base_url: 'https://up.example.com', type: 1, key: 'sk-up' }]);
    expect(selectedModels()).toEqual(['gpt-4o', 'gpt-4o-mini', 'up-1', 'up-2']);

    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Get model list' }));
    expect(await screen.findByText('Failed to fetch the model list: 上游返回 HTTP 401')).toBeInTheDocument();
    expect(selectedModels()).toEqual(['gpt-4o', 'gpt-4o-mini', 'up-1', 'up-2']);
  });

  it('fills, clears and adds custom models, refusing names already listed', async () => {
    openNew();
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Clear all models' }));
    expect(selectedModels()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Fill in all models' }));
    expect(selectedModels()).toEqual(['gpt-4o', 'o1', 'claude-3-haiku']);
    await userEvent.type(screen.getByLabelText('Custom model names, separated by commas'), 'new-one,o1{enter}');
    expect(await screen.findByText('Some models already exist!')).toBeInTheDocument();
    expect(selectedModels()).toEqual(['gpt-4o', 'o1', 'claude-3-haiku']);
    await userEvent.click(screen.getByRole('button', { name: 'Fill related models' }));
    expect(selectedModels()).toEqual(['gpt-4o', 'gpt-4o-mini']);
    await userEvent.type(screen.getByLabelText('Model mapping'), '{{"o3":"o3-mini"}');
    expect(screen.getByTestId('mapping-warning')).toHaveTextContent('o3 in the mapping is not in the model list');
  });

  it('offers the types the gateway serves and lists the others disabled, marked with their group and reason', async () => {
    openNew();
    await ready();
    await userEvent.click(screen.getByRole('button', { name: /^Type/ }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(CHANNEL_TYPES.length);
    const option = (name: string) => screen.getByRole('option', { name: new RegExp(`^${name}`) });
    const isDisabled = (element: HTMLElement) => element.querySelector('[aria-disabled="true"]') !== null;

    for (const name of ['OpenAI', 'Anthropic Claude', 'AWS Claude', 'Azure OpenAI', 'DeepSeek', 'Alibaba Qwen', 'Cloudflare']) {
      expect({ name, disabled: isDisabled(option(name)) }).toEqual({ name, disabled: false });
      expect(within(option(name)).queryByText(/^(Being added|Not supported)$/)).not.toBeInTheDocument();
    }
    const vertex = option('Vertex AI');
    expect(isDisabled(vertex)).toBe(true);
    expect(within(vertex).getByText('Being added')).toBeInTheDocument();
    expect(within(vertex).getByText("The gateway is adding this type's API; channels of this type can be created once it is served.")).toBeInTheDocument();
    const palm = option('Google PaLM2');
    expect(isDisabled(palm)).toBe(true);
    expect(within(palm).getByText('Not supported')).toBeInTheDocument();
    expect(within(palm).getByText(/^Google retired the PaLM API/)).toBeInTheDocument();
    // Exactly the catalogue's unserved types are marked, each with its group.
    const count = (group: string) => CHANNEL_TYPES.filter((type) => channelTypeStanding(type).group === group).length;
    expect(options.filter(isDisabled)).toHaveLength(count('coming') + count('notSupported'));
    expect(screen.getAllByText('Being added')).toHaveLength(count('coming'));
    expect(screen.getAllByText('Not supported')).toHaveLength(count('notSupported'));

    // Neither clicking nor Enter picks it: the type stays OpenAI with its models.
    await userEvent.click(within(palm).getByText('Google PaLM2'));
    await userEvent.type(screen.getByLabelText('Search by type name or number'), 'palm{enter}');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option', { name: /^Google PaLM2/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /^Type/ })).toHaveTextContent('OpenAI');
    expect(selectedModels()).toEqual(['gpt-4o', 'gpt-4o-mini']);
  });
});
