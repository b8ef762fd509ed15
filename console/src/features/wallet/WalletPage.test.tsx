import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { JsonBodyType } from 'msw';
import { defaultStatus, http, HttpResponse, ok, rejected, server } from '../../../test-support/http-mock';
import { renderPage, TEST_USER } from '../../../test-support/render';
import { selfUser } from './wallet-test-data';
import { WalletPage } from './WalletPage';

function answerSelf(quotas: number[]) {
  let calls = 0;
  server.use(
    http.get('*/api/user/self', () => {
      const quota = quotas[Math.min(calls, quotas.length - 1)]!;
      calls += 1;
      return HttpResponse.json(ok(selfUser({ quota }) as unknown as JsonBodyType));
    }),
  );
  return () => calls;
}

function answerStatus(overrides: Record<string, JsonBodyType>) {
  server.use(http.get('*/api/status', () => HttpResponse.json(ok({ ...defaultStatus(), ...overrides }))));
}

// Full pages on a shared two-core machine need more than the default 5 s.
jest.setTimeout(20_000);

const open = () => renderPage(<WalletPage />, { route: '/topup', user: TEST_USER, language: 'en' });

describe('WalletPage: balance and redeeming', () => {
  it('shows the balance, used quota and request count', async () => {
    answerSelf([1_000_000]);
    open();
    expect(await screen.findByTestId('balance-quota')).toHaveTextContent('$2.00');
    expect(screen.getByTestId('balance-used')).toHaveTextContent('$0.50');
    expect(screen.getByTestId('balance-requests')).toHaveTextContent('12.3k');
  });

  it('reads the balance afresh each time the wallet is opened again', async () => {
    const selfCalls = answerSelf([1_000_000, 750_000]);
    // Leaving the wallet for another screen and coming back, in the same running console.
    function Reopenable() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((current) => !current)}>
            toggle
          </button>
          {shown && <WalletPage />}
        </>
      );
    }
    renderPage(<Reopenable />, { route: '/topup', user: TEST_USER, language: 'en' });
    expect(await screen.findByTestId('balance-quota')).toHaveTextContent('$2.00');

    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.queryByTestId('balance-quota')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await waitFor(() => expect(screen.getByTestId('balance-quota')).toHaveTextContent('$1.50'));
    expect(selfCalls()).toBe(2);
  });

  it('asks for a code before sending anything', async () => {
    answerSelf([1_000_000]);
    let sent = false;
    server.use(http.post('*/api/user/topup', () => ((sent = true), HttpResponse.json(ok(0)))));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Please enter a redemption code!')).toBeInTheDocument();
    expect(sent).toBe(false);
  });

  it('sends the code, announces the credited quota and reloads the balance', async () => {
    const selfCalls = answerSelf([1_000_000, 1_500_000]);
    let body: unknown;
    server.use(
      http.post('*/api/user/topup', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(ok(500_000));
      }),
    );
    open();
    expect(await screen.findByTestId('balance-quota')).toHaveTextContent('$2.00');
    await userEvent.type(screen.getByLabelText('Redemption code'), ' code-123 ');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Redeemed! Quota added: $1.00')).toBeInTheDocument();
    expect(body).toEqual({ key: 'code-123' });
    await waitFor(() => expect(screen.getByTestId('balance-quota')).toHaveTextContent('$3.00'));
    expect(selfCalls()).toBe(2);
    expect(screen.getByLabelText('Redemption code')).toHaveValue('');
  });

  it("shows the server's refusal", async () => {
    answerSelf([1_000_000]);
    server.use(http.post('*/api/user/topup', () => HttpResponse.json(rejected('兑换失败，无效的兑换码'))));
    open();
    await userEvent.type(await screen.findByLabelText('Redemption code'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('兑换失败，无效的兑换码')).toBeInTheDocument();
  });

  it('offers buying codes only where a shop link is set, and opens it', async () => {
    answerSelf([1_000_000]);
    const opened = jest.spyOn(window, 'open').mockImplementation(() => null);
    const first = open();
    await screen.findByLabelText('Redemption code');
    expect(screen.queryByRole('button', { name: 'Buy codes' })).not.toBeInTheDocument();
    first.unmount();

    answerStatus({ top_up_link: 'https://shop.example/codes' });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy codes' }));
    expect(opened).toHaveBeenCalledWith('https://shop.example/codes', '_blank', 'noopener,noreferrer');
    opened.mockRestore();
  });
});

describe('WalletPage: online top-up', () => {
  afterEach(() => jest.restoreAllMocks());

  it('says online top-up is off and offers nothing to pay with', async () => {
    answerSelf([1_000_000]);
    open();
    expect(await screen.findByText('The administrator has not enabled online top-up!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Alipay' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'WeChat Pay' })).toBeDisabled();
    expect(screen.getByLabelText('Amount')).toBeDisabled();
    expect(screen.queryByText('Top up now?')).not.toBeInTheDocument();
  });

  it('prices the amount as it changes and shows pricing errors', async () => {
    answerSelf([1_000_000]);
    answerStatus({ enable_online_topup: true, min_topup: 2 });
    const asked: unknown[] = [];
    server.use(
      http.post('*/api/user/amount', async ({ request }) => {
        const body = (await request.json()) as { amount: number };
        asked.push(body);
        if (body.amount === 9) return HttpResponse.json(rejected('充值数量过大'));
        return HttpResponse.json({ success: true, message: 'success', data: (body.amount * 7.3).toFixed(2) });
      }),
    );
    open();
    const input = await screen.findByLabelText('Amount');
    await waitFor(() => expect(input).toHaveValue('2'));
    expect(await screen.findByText('14.60 CNY')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '3' } });
    expect(await screen.findByText('21.90 CNY')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '9' } });
    expect(await screen.findByText('Error: 充值数量过大')).toBeInTheDocument();
    expect(asked).toContainEqual({ amount: 3, top_up_code: '' });
  });

  it('forces the amount to at least 1 and enforces the minimum', async () => {
    answerSelf([1_000_000]);
    answerStatus({ enable_online_topup: true, min_topup: 5 });
    server.use(http.post('*/api/user/amount', () => HttpResponse.json(ok('36.50'))));
    open();
    const input = await screen.findByLabelText('Amount');
    await waitFor(() => expect(input).toHaveValue('5'));
    fireEvent.change(input, { target: { value: '0' } });
    expect(input).toHaveValue('1');
    expect(screen.getByText('The amount cannot be less than 5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'WeChat Pay' }));
    expect(await screen.findAllByText('The amount cannot be less than 5')).toHaveLength(2);
    expect(screen.queryByText('Top up now?')).not.toBeInTheDocument();
  });

  it('confirms, places the order and posts the gateway form in a new tab', async () => {
    answerSelf([1_000_000]);
    answerStatus({ enable_online_topup: true, min_topup: 1 });
    let order: unknown;
    server.use(
      http.post('*/api/user/amount', () => HttpResponse.json(ok('7.30', 'success'))),
      http.post('*/api/user/pay', async ({ request }) => {
        order = await request.json();
        return HttpResponse.json({ success: true, message: 'success', url: 'https://pay.example/submit.php', data: { pid: '1', money: '7.30' } });
      }),
    );
    const posted: HTMLFormElement[] = [];
    jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push(this.cloneNode(true) as HTMLFormElement);
    });
    open();
    expect(await screen.findByText('7.30 CNY')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'WeChat Pay' }));
    expect(await screen.findByText('Top up now?')).toBeInTheDocument();
    expect(screen.getByTestId('confirm-amount')).toHaveTextContent('1');
    expect(screen.getByTestId('confirm-payable')).toHaveTextContent('7.30 CNY');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(order).toEqual({ amount: 1, top_up_code: '', payment_method: 'wx' });
    const form = posted[0]!;
    expect([form.method, form.action, form.target]).toEqual(['post', 'https://pay.example/submit.php', '_blank']);
    const fields = Object.fromEntries([...form.querySelectorAll('input')].map((input) => [input.name, input.value]));
    expect(fields).toEqual({ pid: '1', money: '7.30' });
  });
});
