import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, TEST_ROOT } from '../../../../test-support/render';
import { ChatLinksEditor } from './ChatLinksEditor';
import { answerOptions } from './operation-test-support';

jest.setTimeout(20_000);
const SLOW = { timeout: 5_000 };

const render = () => renderPage(<ChatLinksEditor />, { route: '/setting', user: TEST_ROOT });

describe('chat links editor', () => {
  it('adds, edits and removes rows, writing the JSON array it saves', async () => {
    const puts = answerOptions({ Chats: '[{"Old":"https://old.example"},{"Next Chat":"https://chat.example/?key={key}"}]' });
    render();
    const firstName = await screen.findByLabelText('Name 1', {}, SLOW);
    await waitFor(() => expect(firstName).toHaveValue('Old'), SLOW);

    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    fireEvent.change(screen.getByLabelText('Name 3'), { target: { value: 'Lobe' } });
    fireEvent.change(screen.getByLabelText('Link 3'), { target: { value: 'https://lobe.example/?k={key}&u={address}' } });
    await userEvent.click(screen.getByRole('button', { name: 'Remove row 1' }));

    const expected = [{ 'Next Chat': 'https://chat.example/?key={key}' }, { Lobe: 'https://lobe.example/?k={key}&u={address}' }];
    expect(JSON.parse((screen.getByLabelText('Chat clients (JSON)') as HTMLTextAreaElement).value)).toEqual(expected);
    expect(screen.getByLabelText('Name 1')).toHaveValue('Next Chat');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1), SLOW);
    expect(puts[0].key).toBe('Chats');
    expect(JSON.parse(puts[0].value)).toEqual(expected);
  });

  it('rebuilds the table from typed JSON', async () => {
    answerOptions();
    render();
    const json = await screen.findByLabelText('Chat clients (JSON)', {}, SLOW);
    await waitFor(() => expect(screen.getByLabelText('Name 1')).toHaveValue('Next Chat'), SLOW);
    fireEvent.change(json, { target: { value: '[{"A":"https://a.example"},{"B":"https://b.example"}]' } });
    expect(screen.getByLabelText('Name 2')).toHaveValue('B');
    expect(screen.getByLabelText('Link 1')).toHaveValue('https://a.example');
  });

  it('refuses JSON that is not a list of name → link objects', async () => {
    const puts = answerOptions();
    render();
    const json = await screen.findByLabelText('Chat clients (JSON)', {}, SLOW);
    await waitFor(() => expect(screen.getByLabelText('Name 1')).toHaveValue('Next Chat'), SLOW);

    fireEvent.change(json, { target: { value: '{"A":"https://a.example"}' } });
    expect(screen.getByText('The JSON below is not valid for this setting; fix it to edit it as a table.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be a JSON array of {"name": "link"} objects', {}, SLOW)).toBeInTheDocument();

    fireEvent.change(json, { target: { value: '[{"A": "https://a.example"' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not valid JSON', {}, SLOW)).toBeInTheDocument();

    fireEvent.change(json, { target: { value: '[{"":"https://a.example"}]' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Names must not be empty', {}, SLOW)).toBeInTheDocument();
    expect(puts).toEqual([]);
  });
});
