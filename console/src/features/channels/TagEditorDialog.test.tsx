import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import { renderPage, TEST_ROOT } from '../../../test-support/render';
import { TagEditorDialog } from './TagEditorDialog';

jest.setTimeout(30_000);

function serveTagEdit() {
  const sent: unknown[] = [];
  server.use(
    http.put('*/api/channel/tag', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(ok(2));
    }),
  );
  return sent;
}

function openEditor() {
  const onClose = jest.fn();
  renderPage(<TagEditorDialog tag="team" onClose={onClose} />, { route: '/channel', user: TEST_ROOT });
  return { onClose, dialog: () => screen.getByRole('dialog') };
}

describe('TagEditorDialog', () => {
  it('says nothing changed and sends nothing', async () => {
    const sent = serveTagEdit();
    const { onClose, dialog } = openEditor();
    expect(within(dialog()).getByLabelText('Tag name')).toHaveValue('team');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing was changed!')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a model mapping that is not valid JSON', async () => {
    const sent = serveTagEdit();
    const { dialog } = openEditor();
    await userEvent.type(within(dialog()).getByLabelText('Model mapping'), 'not json');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The model mapping must be valid JSON!')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('renames the tag and overwrites models, groups and the mapping', async () => {
    const sent = serveTagEdit();
    const { onClose, dialog } = openEditor();
    const name = within(dialog()).getByLabelText('Tag name');
    await userEvent.clear(name);
    await userEvent.type(name, 'crew');
    await userEvent.type(within(dialog()).getByLabelText('Models'), 'gpt-4o,o3,');
    await userEvent.type(within(dialog()).getByLabelText('Groups'), 'vip{Enter}');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Clear mapping' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ tag: 'team', new_tag: 'crew', models: 'gpt-4o,o3', groups: 'vip', model_mapping: '{}' });
    expect(await screen.findByText('Tag updated!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('confirms before an empty tag name dissolves the tag', async () => {
    const sent = serveTagEdit();
    const { dialog } = openEditor();
    await userEvent.clear(within(dialog()).getByLabelText('Tag name'));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    const warning = await screen.findByText(/tag team will be dissolved/);
    expect(sent).toHaveLength(0);
    const alert = warning.closest('.bp6-alert') as HTMLElement;
    await userEvent.click(within(alert).getByRole('button', { name: 'Cancel' }));
    expect(sent).toHaveLength(0);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Dissolve' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ tag: 'team', new_tag: '' });
  });
});
