import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, server } from '../../../test-support/http-mock';
import { renderPage, TEST_USER } from '../../../test-support/render';
import { copyText } from '../../common/copy';
import { PricingPage } from './PricingPage';

jest.mock('../../common/copy', () => ({ copyText: jest.fn(async () => true) }));
jest.setTimeout(30_000);

const rows = [
  { model_name: 'acme-chat', quota_type: 0, model_ratio: 2, completion_ratio: 3, model_price: 0, enable_groups: ['default', 'vip'] },
  { model_name: 'acme-fixed', quota_type: 1, model_ratio: 0, completion_ratio: 0, model_price: 0.05, enable_groups: ['default'] },
  { model_name: 'other-vision', quota_type: 0, model_ratio: 0.5, completion_ratio: 1, model_price: 0, enable_groups: ['svip'] },
];

function answerPricing(groupRatio: Record<string, number>) {
  server.use(
    http.get('*/api/pricing', () =>
      HttpResponse.json({ success: true, message: '', data: rows, group_ratio: groupRatio, usable_group: { default: 'Default' } }),
    ),
  );
}

describe('pricing page', () => {
  beforeEach(() => jest.mocked(copyText).mockClear());

  it('warns a signed-out visitor that the default group ratio is shown, and prices at it', async () => {
    answerPricing({ default: 1, vip: 1.5 });
    renderPage(<PricingPage />, { route: '/pricing' });
    expect(await screen.findByText('You are not signed in; prices shown use the default group ratio: 1')).toBeInTheDocument();
    const chat = await screen.findByTestId('pricing-acme-chat');
    expect(within(chat).getByText('Prompt $4 / 1M tokens')).toBeInTheDocument();
    expect(within(chat).getByText('Completion $12 / 1M tokens')).toBeInTheDocument();
    expect(within(screen.getByTestId('pricing-acme-fixed')).getByText('Per call: $0.05')).toBeInTheDocument();
    expect(screen.getByText(/Pay-as-you-go cost = group ratio × model ratio/)).toBeInTheDocument();
    expect(screen.getByText('Items 1–3 of 3')).toBeInTheDocument();
  });

  it('shows a signed-in user their group and prices at its ratio', async () => {
    answerPricing({ default: 1, vip: 1.5 });
    renderPage(<PricingPage />, { route: '/pricing', user: { ...TEST_USER, group: 'vip' } });
    expect(await screen.findByText(/Your group is vip/)).toBeInTheDocument();
    const chat = await screen.findByTestId('pricing-acme-chat');
    expect(within(chat).getByText('Prompt $6 / 1M tokens')).toBeInTheDocument();
    expect(within(screen.getByTestId('pricing-acme-fixed')).getByText('Per call: $0.075')).toBeInTheDocument();
    expect(within(chat).getByTitle('Available to group vip')).toBeInTheDocument();
    expect(within(screen.getByTestId('pricing-acme-fixed')).getByTitle('Not available to group vip')).toBeInTheDocument();
  });

  it('filters rows by a fuzzy model-name search', async () => {
    answerPricing({ default: 1 });
    renderPage(<PricingPage />, { route: '/pricing' });
    await screen.findByTestId('pricing-acme-chat');
    await userEvent.type(screen.getByLabelText('Search model names'), 'ACME fix');
    expect(screen.queryByTestId('pricing-acme-chat')).not.toBeInTheDocument();
    expect(screen.getByTestId('pricing-acme-fixed')).toBeInTheDocument();
    expect(screen.queryByTestId('pricing-other-vision')).not.toBeInTheDocument();
    expect(screen.getByText('Items 1–1 of 1')).toBeInTheDocument();
  });

  it('copies the selected model names one per line, the button disabled until something is selected', async () => {
    answerPricing({ default: 1 });
    renderPage(<PricingPage />, { route: '/pricing' });
    await screen.findByTestId('pricing-acme-chat');
    const copy = screen.getByRole('button', { name: 'Copy selected models' });
    expect(copy).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select other-vision' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select acme-chat' }));
    expect(copy).toBeEnabled();
    await userEvent.click(copy);
    expect(copyText).toHaveBeenCalledWith('acme-chat\nother-vision');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all models' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all models' }));
    expect(copy).toBeDisabled();
  });

  it('copies a model name on click with a "Copied" toast', async () => {
    answerPricing({ default: 1 });
    renderPage(<PricingPage />, { route: '/pricing' });
    await userEvent.click(await screen.findByText('acme-fixed'));
    expect(copyText).toHaveBeenCalledWith('acme-fixed');
    expect(await screen.findByText('Copied: acme-fixed')).toBeInTheDocument();
  });
});
