import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, rejected, server } from '../../../../test-support/http-mock';
import { renderPage, TEST_ROOT } from '../../../../test-support/render';
import { OptionSection } from './OptionSection';
import type { OptionField } from './option-fields';

const fields: OptionField[] = [
  { key: 'SystemName', kind: 'text', label: 'System name' },
  { key: 'Footer', kind: 'textarea', label: 'Footer' },
  { key: 'PasswordLoginEnabled', kind: 'switch', label: 'Password sign-in', confirmOff: 'Users without another way in are locked out.' },
];

function answerOptions(refuse: string[] = []) {
  const puts: Array<{ key: string; value: string }> = [];
  server.use(
    http.get('*/api/option/', () =>
      HttpResponse.json(ok([{ key: 'SystemName', value: 'Modelgate' }, { key: 'Footer', value: '' }, { key: 'PasswordLoginEnabled', value: 'true' }])),
    ),
    http.put('*/api/option/', async ({ request }) => {
      const body = (await request.json()) as { key: string; value: string };
      puts.push(body);
      return HttpResponse.json(refuse.includes(body.key) ? rejected(`bad ${body.key}`) : ok(null));
    }),
  );
  return puts;
}

const render = () => renderPage(<OptionSection title="General" fields={fields} />, { route: '/setting', user: TEST_ROOT });

describe('a settings section', () => {
  it('says nothing changed, then saves one call per changed key', async () => {
    const puts = answerOptions();
    render();
    const name = await screen.findByDisplayValue('Modelgate');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("You don't seem to have changed anything")).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Gateway');
    fireEvent.change(screen.getByLabelText('Footer'), { target: { value: '<b>hi</b>' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ key: 'SystemName', value: 'Gateway' }, { key: 'Footer', value: '<b>hi</b>' }]));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('reports a partial failure', async () => {
    answerOptions(['Footer']);
    render();
    await screen.findByDisplayValue('Modelgate');
    fireEvent.change(screen.getByLabelText('System name'), { target: { value: 'Gateway' } });
    fireEvent.change(screen.getByLabelText('Footer'), { target: { value: 'x' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some settings could not be saved, please try again')).toBeInTheDocument();
  });

  it('asks before turning password sign-in off, and writes the switch at once', async () => {
    const puts = answerOptions();
    render();
    const toggle = await screen.findByRole('checkbox', { name: 'Password sign-in' });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    expect(await screen.findByText('Users without another way in are locked out.')).toBeInTheDocument();
    expect(puts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(puts).toEqual([{ key: 'PasswordLoginEnabled', value: 'false' }]));
  });
});
