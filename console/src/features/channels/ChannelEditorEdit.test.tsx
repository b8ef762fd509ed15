import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { renderPage, TEST_ROOT, TEST_USER } from '../../../test-support/render';
import i18n from '../../i18n';
import type { EditedChannel } from './channel-editor-api';
import { newChannelValues } from './channel-form';
import { unservedReason } from './channel-types';
import { ChannelEditorBasics } from './ChannelEditorBasics';
import { ChannelEditorDrawer } from './ChannelEditorDrawer';
import { ChannelEditPage } from './ChannelEditPage';
import { aChannel, capture, chooseType, selectedModels, serveCatalogue, submit, typeInto } from './ChannelEditorTestKit';

// Vertex AI stands for a type being added, whatever the catalogue's schemas say today.
jest.mock('@modelgate/channel-types', () =>
  (jest.requireActual('./being-added-fixture') as typeof import('./being-added-fixture')).catalogueWithVertexBeingAdded(),
);

jest.setTimeout(90_000);

function openEdit(channel: EditedChannel, language: 'en' | 'zh' = 'en') {
  serveCatalogue();
  server.use(http.get(`*/api/channel/${channel.id}`, () => HttpResponse.json(ok(channel as never))));
  return renderPage(<ChannelEditPage />, { route: `/channel/edit/${channel.id}`, path: '/channel/edit/:id', user: TEST_ROOT, language });
}

/** Every label a type-specific input can have. */
const EXTRA_LABELS = [
  'API address', 'AZURE_OPENAI_ENDPOINT', 'Default API version', 'Full base URL', 'Model version', 'Knowledge base ID',
  'Private deployment address', 'Suno API address', 'Dify API address', 'Account ID', 'Deployment region', 'Organization',
];
const GENERIC_KEY = "Enter the channel's authentication key";

type TypeCase = { name: string; search: string; fields: string[]; key?: string; keyLabel?: string; notice?: RegExp; keyHint?: RegExp };

/** Types the gateway serves: chosen in the picker of a new channel. */
const SERVED_CASES: Array<TypeCase & { id: number }> = [
  { id: 3, name: 'Azure OpenAI', search: 'azure', fields: ['AZURE_OPENAI_ENDPOINT', 'Default API version'], notice: /deployment name/ },
  { id: 8, name: 'Custom channel', search: 'custom', fields: ['Full base URL'], notice: /OpenAI-compatible/ },
  { id: 22, name: 'Knowledge base: FastGPT', search: 'fastgpt', fields: ['Private deployment address'], key: 'Key format: APIKey-AppId' },
  { id: 40, name: 'SiliconCloud', search: 'silicon', fields: ['API address'], notice: /optional/ },
  { id: 45, name: 'VolcEngine Ark, Doubao, DeepSeek', search: 'volc', fields: [] },
  { id: 33, name: 'AWS Claude', search: 'aws', fields: ['API address'], key: 'Key format: Ak|Sk|Region' },
  { id: 18, name: 'iFlytek Spark', search: 'spark', fields: ['API address'], key: 'Key format: APIPassword', keyHint: /APIPassword of the HTTP service credentials/ },
  { id: 23, name: 'Tencent Hunyuan', search: 'hunyuan', fields: ['API address'], key: 'Key format: API key (sk-…)', keyHint: /not Tencent Cloud's SecretId and SecretKey/ },
  { id: 26, name: 'Zhipu GLM-4V', search: 'glm-4v', fields: ['API address'], key: 'Key format: API key (id.secret)', keyHint: /no JWT signing/ },
  { id: 39, name: 'Cloudflare', search: 'cloudflare', fields: ['API address', 'Account ID'], key: 'Key format: API token', keyHint: /Workers AI/ },
  { id: 17, name: 'Alibaba Qwen', search: 'qwen', fields: ['API address'] },
  { id: 1, name: 'OpenAI', search: 'openai', fields: ['API address', 'Organization'] },
  { id: 36, name: 'Suno API', search: 'suno', fields: ['Suno API address'], notice: /not a chat API/ },
];

/** Types the gateway does not serve yet: a stored channel of one still shows the type's own fields. */
const UNSERVED_CASES: Array<TypeCase & { id: number }> = [
  { id: 15, name: 'Baidu Qianfan', search: 'qianfan', fields: ['API address'], key: 'Key format: APIKey|SecretKey' },
  { id: 21, name: 'Knowledge base: AI Proxy', search: 'ai proxy', fields: ['API address', 'Knowledge base ID'] },
  { id: 37, name: 'Dify', search: 'dify', fields: ['Dify API address'], notice: /chatflow and agent/ },
  { id: 41, name: 'Vertex AI', search: 'vertex', fields: ['API address', 'Deployment region'], keyLabel: 'Authentication JSON', notice: /service-account/ },
  { id: 11, name: 'Google PaLM2', search: 'palm', fields: ['API address'] },
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The type's extra fields, key placeholder and notice, and nothing of another type's. */
function expectOwnFields(type: TypeCase) {
  for (const label of EXTRA_LABELS) {
    const shown = Boolean(screen.queryByLabelText(new RegExp(`^${escape(label)}`)));
    expect({ type: type.name, label, shown }).toEqual({ type: type.name, label, shown: type.fields.includes(label) });
  }
  const key = screen.getByLabelText(new RegExp(`^${type.keyLabel ?? 'Key'}`));
  if (!type.keyLabel) expect(key).toHaveAttribute('placeholder', type.key ?? GENERIC_KEY);
  if (type.notice) expect(screen.getByTestId('type-notice')).toHaveTextContent(type.notice);
  else expect(screen.queryByTestId('type-notice')).not.toBeInTheDocument();
  if (type.keyHint) expect(screen.getByTestId('key-hint')).toHaveTextContent(type.keyHint);
  else expect(screen.queryByTestId('key-hint')).not.toBeInTheDocument();
}

describe('channel editor: each type\'s own fields', () => {
  it('shows a served type\'s extra fields, key format and notice for that type only', async () => {
    expect(SERVED_CASES.filter((type) => unservedReason(type.id) !== null).map((type) => type.name)).toEqual([]);
    serveCatalogue();
    renderPage(<ChannelEditPage />, { route: '/channel/add', path: '/channel/add', user: TEST_ROOT });
    await screen.findByText('Create a channel');
    let current = 'OpenAI';
    for (const type of SERVED_CASES) {
      await chooseType(current, type.search, new RegExp(`^${escape(type.name)}`));
      current = type.name;
      expectOwnFields(type);
    }
  });

  it('shows the own fields of each type the gateway does not serve yet, as a stored channel of it has them', async () => {
    expect(UNSERVED_CASES.filter((type) => unservedReason(type.id) === null).map((type) => type.name)).toEqual([]);
    await i18n.changeLanguage('en');
    for (const type of UNSERVED_CASES) {
      const view = render(
        <ChannelEditorBasics values={{ ...newChannelValues(), type: type.id }} errors={{}} setField={() => undefined}
          creating={false} readOnly onTypeChange={() => undefined} />,
      );
      expect(screen.getByRole('button', { name: /^Type/ })).toHaveTextContent(type.name);
      expectOwnFields(type);
      view.unmount();
    }
  });
});

describe('channel editor: editing', () => {
  it('loads the channel without its key and sends the edited fields, leaving the key out', async () => {
    const bodies = capture('put', '*/api/channel/', (body) => ({ ...aChannel(), ...body }));
    const page = openEdit(aChannel({ model_mapping: '{"gpt-4o":"gpt-4o-2024"}' }));
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('primary');
    expect(screen.getByText('Edit channel')).toBeInTheDocument();
    expect(screen.queryByTestId('unsupported-callout')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Key/)).toHaveValue('');
    expect(screen.getByText('Leave empty to keep the current key.')).toBeInTheDocument();
    expect(selectedModels()).toEqual(['gpt-4o', 'o1']);
    await typeInto('Weight', '4');
    await typeInto(/^API address/, 'https://other.example.com//');
    await typeInto(/^Concurrent requests/, '2');
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      id: 5, type: 1, name: 'primary', base_url: 'https://other.example.com', other: '', openai_organization: '',
      models: 'gpt-4o,o1', group: 'default', model_mapping: '{\n  "gpt-4o": "gpt-4o-2024"\n}', status_code_mapping: '',
      setting: '', param_override: '', auto_ban: 1, test_model: '', tag: 'crew', priority: 3, weight: 4,
      max_rpm: 600, max_tpm: 0, max_concurrency: 2,
    });
    expect(await screen.findByText('Channel updated!')).toBeInTheDocument();
    await waitFor(() => expect(page.location()).toBe('/channel'));
  });

  it('sends a new key when one is typed, and fetches models with the stored key', async () => {
    const bodies = capture('put', '*/api/channel/', (body) => ({ ...aChannel(), ...body }));
    server.use(http.get('*/api/channel/fetch_models/5', () => HttpResponse.json(ok(['o1', 'fresh-model']))));
    openEdit(aChannel());
    await screen.findByLabelText(/^Name/);
    await userEvent.click(screen.getByRole('button', { name: 'Get model list' }));
    expect(await screen.findByText('Model list fetched')).toBeInTheDocument();
    expect(selectedModels()).toEqual(['gpt-4o', 'o1', 'fresh-model']);
    await userEvent.type(screen.getByLabelText(/^Key/), 'sk-rotated');
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ id: 5, key: 'sk-rotated', models: 'gpt-4o,o1,fresh-model' });
  });

  it('shows a Kubernetes-managed channel read-only, naming its resource, with no save button', async () => {
    openEdit(aChannel({ external_ref: 'k8s:prod/openai' }));
    expect(await screen.findByTestId('managed-callout')).toHaveTextContent('The Kubernetes resource prod/openai manages this channel');
    expect(screen.getByLabelText(/^Name/)).toBeDisabled();
    expect(screen.getByLabelText(/^Key/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get model list' })).not.toBeInTheDocument();
    const footer = document.querySelector('.mg-channel-editor-footer') as HTMLElement;
    expect(within(footer).getAllByRole('button').map((button) => button.textContent)).toEqual(['Close']);
  });

  it('shows a channel of a type the gateway is adding as being added, read-only, with why', async () => {
    openEdit(aChannel({ type: 41, name: 'vertex', base_url: '', other: 'us-central1' }));
    const callout = await screen.findByTestId('unsupported-callout');
    expect(callout).toHaveAttribute('data-group', 'coming');
    expect(callout).toHaveTextContent('Vertex AI is being added');
    expect(callout).toHaveTextContent("The gateway is adding this type's API; channels of this type can be created once it is served.");
    expect(screen.getByLabelText(/^Name/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('shows the reason in Chinese when the console speaks Chinese', async () => {
    openEdit(aChannel({ type: 37, name: 'dify', base_url: '' }), 'zh');
    const callout = await screen.findByTestId('unsupported-callout');
    expect(callout).toHaveTextContent('不支持渠道类型 Dify');
    expect(callout).toHaveTextContent('Dify 的接口运行的是 Dify 应用');
  });

  it('shows a channel of a type the gateway does not support read-only: why, and that it can only be enabled, disabled or deleted', async () => {
    const bodies = capture('put', '*/api/channel/', (body) => ({ ...aChannel(), ...body }));
    openEdit(aChannel({ type: 11, name: 'palm', base_url: '' }));
    const callout = await screen.findByTestId('unsupported-callout');
    expect(callout).toHaveAttribute('data-group', 'notSupported');
    expect(callout).toHaveTextContent('Google PaLM2 is not supported');
    expect(callout).toHaveTextContent('Google retired the PaLM API on 15 August 2024');
    expect(callout).toHaveTextContent('it can only be enabled, disabled or deleted from the channel list');
    expect(screen.queryByTestId('managed-callout')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('palm');
    expect(screen.getByLabelText(/^Name/)).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Type/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get model list' })).not.toBeInTheDocument();
    const footer = document.querySelector('.mg-channel-editor-footer') as HTMLElement;
    expect(within(footer).getAllByRole('button').map((button) => button.textContent)).toEqual(['Close']);
    expect(bodies).toEqual([]);
  });

  it('saves from the drawer, then tells the list and closes', async () => {
    capture('put', '*/api/channel/', (body) => ({ ...aChannel(), ...body }));
    serveCatalogue();
    server.use(http.get('*/api/channel/5', () => HttpResponse.json(ok(aChannel() as never))));
    const onSaved = jest.fn();
    const onClose = jest.fn();
    renderPage(<ChannelEditorDrawer channelId={5} isOpen onClose={onClose} onSaved={onSaved} />, { route: '/channel', user: TEST_ROOT });
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('primary');
    await submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses non-admins and bad ids', async () => {
    const page = renderPage(<ChannelEditPage />, { route: '/channel/edit/5', path: '/channel/edit/:id', user: TEST_USER });
    expect(await screen.findByText('No permission')).toBeInTheDocument();
    page.unmount();
    renderPage(<ChannelEditPage />, { route: '/channel/edit/abc', path: '/channel/edit/:id', user: TEST_ROOT });
    expect(await screen.findByText('The channel could not be loaded')).toBeInTheDocument();
  });
});
