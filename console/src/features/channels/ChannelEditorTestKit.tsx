import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ok, server } from '../../../test-support/http-mock';
import type { EditedChannel } from './channel-editor-api';

/** What the channel editor's component tests share: the server's answers and a few user steps. */

export const DEFAULT_MODELS_BY_TYPE: Record<string, string[]> = {
  1: ['gpt-4o', 'gpt-4o-mini'],
  3: ['gpt-4o', 'gpt-4o-mini'],
  14: ['claude-3-haiku', 'claude-3-opus'],
  15: ['ERNIE-4.0-8K'],
  36: ['suno_music', 'suno_lyrics'],
};

/** `GET /api/models`, `/api/channel/models` and `/api/group/`, as the editor loads them. */
export function serveCatalogue() {
  server.use(
    http.get('*/api/models', () => HttpResponse.json(ok(DEFAULT_MODELS_BY_TYPE))),
    http.get('*/api/channel/models', () => HttpResponse.json(ok([{ id: 'gpt-4o' }, { id: 'o1' }, { id: 'claude-3-haiku' }]))),
    http.get('*/api/group/', () => HttpResponse.json(ok(['default', 'vip']))),
  );
}

export function aChannel(extra: Partial<EditedChannel> = {}): EditedChannel {
  return {
    id: 5,
    type: 1,
    name: 'primary',
    openai_organization: '',
    max_input_tokens: 0,
    max_rpm: 600,
    max_tpm: 0,
    max_concurrency: 0,
    base_url: 'https://up.example.com',
    other: '',
    model_mapping: '',
    status_code_mapping: '',
    models: 'gpt-4o,o1',
    group: 'default',
    auto_ban: 1,
    test_model: '',
    priority: 3,
    weight: 1,
    tag: 'crew',
    setting: '',
    status: 1,
    external_ref: '',
    ...extra,
  };
}

/** Records each body of a write call and answers with `answer`. */
export function capture(method: 'post' | 'put', path: string, answer: (body: Record<string, unknown>) => unknown) {
  const bodies: Array<Record<string, unknown>> = [];
  server.use(
    http[method](path, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json(ok(answer(body) as never));
    }),
  );
  return bodies;
}

/** Picks a channel type in the searchable select. */
export async function chooseType(current: string, search: string, option: RegExp) {
  const trigger = screen.getByRole('button', { name: /^Type/ });
  expect(trigger).toHaveTextContent(current);
  await userEvent.click(trigger);
  await userEvent.type(await screen.findByLabelText('Search by type name or number'), search);
  const choice = await screen.findByRole('option', { name: option });
  await userEvent.click(within(choice).getAllByText(option)[0]);
}

/** The selected models, as the tags of the multi-select show them. */
export function selectedModels(): string[] {
  const input = screen.getByLabelText('Choose the models this channel supports');
  const box = input.closest('.bp6-tag-input') as HTMLElement;
  return within(box).queryAllByText(/.+/, { selector: '.bp6-tag span' }).map((tag) => tag.textContent ?? '');
}

export async function submit() {
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

export async function typeInto(label: RegExp | string, text: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
}
