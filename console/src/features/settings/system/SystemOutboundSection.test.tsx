import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, rejected, server } from '../../../../test-support/http-mock';
import { renderPage, TEST_ROOT } from '../../../../test-support/render';
import { SystemOutboundSection } from './SystemOutboundSection';

const LABEL = 'Allowed private addresses and ranges';

/** Answers the option list and records every PUT; `refusal` makes identity refuse the PUTs. */
function answerOptions(stored: string, refusal?: string) {
  const puts: Array<{ key: string; value: string }> = [];
  server.use(
    http.get('*/api/option/', () =>
      HttpResponse.json(ok([{ key: 'ServerAddress', value: 'https://gateway.example.com' }, { key: 'OutboundAllowedRanges', value: stored }])),
    ),
    http.put('*/api/option/', async ({ request }) => {
      puts.push((await request.json()) as { key: string; value: string });
      return HttpResponse.json(refusal === undefined ? ok(null) : rejected(refusal));
    }),
  );
  return puts;
}

async function renderSection(stored: string) {
  renderPage(<SystemOutboundSection />, { route: '/setting?tab=system', path: '/setting', user: TEST_ROOT });
  // Save is enabled once the options are loaded (the form is then filled from them).
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  await waitFor(() => expect(screen.getByLabelText(LABEL)).toHaveValue(stored));
  return screen.getByLabelText(LABEL);
}

describe('outbound network access settings', () => {
  it('shows the stored allow list with its help, and saves the edited list as OutboundAllowedRanges', async () => {
    const puts = answerOptions('127.0.0.1');
    const field = await renderSection('127.0.0.1');
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAttribute('placeholder', '127.0.0.1, 10.0.0.0/16');
    expect(screen.getByText(/Leave empty to refuse every loopback, private, link-local and cloud metadata address/)).toBeInTheDocument();

    fireEvent.change(field, { target: { value: '127.0.0.1, 10.0.0.0/16\n192.168.1.0/24 ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ key: 'OutboundAllowedRanges', value: '127.0.0.1,10.0.0.0/16,192.168.1.0/24' }]));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('saves an emptied list, refusing every private address again', async () => {
    const puts = answerOptions('10.0.0.0/8');
    const field = await renderSection('10.0.0.0/8');
    fireEvent.change(field, { target: { value: '  \n' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ key: 'OutboundAllowedRanges', value: '' }]));
  });

  it("shows identity's refusal of an entry that is not an address or a range", async () => {
    const refusal = 'OutboundAllowedRanges 只能填写 IP 地址或 CIDR 网段（以逗号分隔），无法识别：localhost';
    const puts = answerOptions('', refusal);
    const field = await renderSection('');
    fireEvent.change(field, { target: { value: 'localhost' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The server's reason is shown under the field it names (and may also be the toast's text).
    await waitFor(() =>
      expect(screen.getAllByText(refusal).some((element) => element.classList.contains('bp6-form-helper-text'))).toBe(true),
    );
    expect(await screen.findByText('Save failed, please try again')).toBeInTheDocument();
    expect(puts).toEqual([{ key: 'OutboundAllowedRanges', value: 'localhost' }]);
    expect(field).toHaveValue('localhost');
  });
});
