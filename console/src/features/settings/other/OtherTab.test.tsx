import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../../test-support/http-mock';
import { renderPage, TEST_ROOT } from '../../../../test-support/render';
import { formatTimestamp } from '../../../common/dates';
import { OtherTab } from './OtherTab';
import { LATEST_RELEASE_URL } from '../system/system-remote';

function answerOptions() {
  const puts: Array<{ key: string; value: string }> = [];
  server.use(
    http.get('*/api/option/', () =>
      HttpResponse.json(ok([{ key: 'Notice', value: '' }, { key: 'SystemName', value: 'Modelgate' }, { key: 'Logo', value: '' }])),
    ),
    http.put('*/api/option/', async ({ request }) => {
      puts.push((await request.json()) as { key: string; value: string });
      return HttpResponse.json(ok(null));
    }),
  );
  return puts;
}

function answerRelease(tag: string, notes = '') {
  server.use(
    http.get(LATEST_RELEASE_URL, () =>
      HttpResponse.json({ tag_name: tag, body: notes, html_url: `https://github.com/modelgate/modelgate/releases/tag/${tag}` }),
    ),
  );
}

async function renderTab() {
  renderPage(<OtherTab />, { route: '/setting?tab=other', path: '/setting', user: TEST_ROOT });
  await screen.findByDisplayValue('Modelgate');
  await screen.findByText('v0.1.0');
}

/** The toaster outlives a test: wait for one more copy of `text` than was showing. */
async function expectNewToast(text: string, action: () => Promise<void>) {
  const before = screen.queryAllByText(text).length;
  await action();
  await waitFor(() => expect(screen.queryAllByText(text)).toHaveLength(before + 1));
}

const checkForUpdates = () => userEvent.click(screen.getByRole('button', { name: 'Check for updates' }));

describe('the other settings tab', () => {
  it('shows the running version and start time', async () => {
    answerOptions();
    await renderTab();
    expect(screen.getByText(formatTimestamp(1_700_000_000))).toBeInTheDocument();
  });

  it('shows the release notes, sanitised, when a newer version is out', async () => {
    answerOptions();
    answerRelease('v0.2.0', '## What changed\n\n- faster routing <img src=x onerror="alert(1)">');
    await renderTab();
    await checkForUpdates();
    const dialog = await screen.findByRole('dialog', { name: 'New version: v0.2.0' });
    expect(within(dialog).getByRole('heading', { name: 'What changed' })).toBeInTheDocument();
    expect(within(dialog).getByText(/faster routing/)).toBeInTheDocument();
    expect(dialog.querySelector('[onerror]')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Release details' })).toHaveAttribute(
      'href',
      'https://github.com/modelgate/modelgate/releases/tag/v0.2.0',
    );
  });

  it('says the version is the latest when the release matches it', async () => {
    answerOptions();
    answerRelease('v0.1.0');
    await renderTab();
    await expectNewToast('Already the latest version: v0.1.0', checkForUpdates);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the check failed when the release listing cannot be read', async () => {
    answerOptions();
    server.use(http.get(LATEST_RELEASE_URL, () => new HttpResponse(null, { status: 503 })));
    await renderTab();
    await expectNewToast('Check for update failed, try later', checkForUpdates);
  });

  it('saves the notice with its own message', async () => {
    const puts = answerOptions();
    await renderTab();
    const input = screen.getByRole('textbox', { name: 'Notice' });
    fireEvent.change(input, { target: { value: '**Maintenance** tonight' } });
    const notice = input.closest<HTMLElement>('.bp6-section')!;
    await expectNewToast('Notice updated', () => userEvent.click(within(notice).getByRole('button', { name: 'Save' })));
    expect(puts).toEqual([{ key: 'Notice', value: '**Maintenance** tonight' }]);
  });

  it('previews the logo as it is typed', async () => {
    answerOptions();
    await renderTab();
    expect(screen.queryByRole('img', { name: 'Logo preview' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Logo image URL'), { target: { value: 'https://cdn.example.com/logo.png' } });
    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', 'https://cdn.example.com/logo.png');
  });
});
