import { ValidationError } from '@modelgate/runtime';
import { actionOfCustomId, clearModeFlags, parseMjSubmission } from './mj-actions';

describe('Midjourney submissions', () => {
  it('prices each action under its model name and remembers the task a follow-up continues', () => {
    expect(parseMjSubmission('IMAGINE', { prompt: 'a cat' })).toMatchObject({ action: 'IMAGINE', model: 'mj_imagine', prompt: 'a cat' });
    expect(parseMjSubmission('SWAP_FACE', { sourceBase64: 'a', targetBase64: 'b' }).model).toBe('swap_face');
    expect(parseMjSubmission('CHANGE', { taskId: 't1', action: 'upscale', index: 2 })).toMatchObject({ model: 'mj_upscale', followUpOf: 't1' });
    expect(parseMjSubmission('SIMPLE_CHANGE', { content: 't2 V3' })).toMatchObject({ action: 'VARIATION', followUpOf: 't2' });
    expect(parseMjSubmission('ACTION', { taskId: 't3', customId: 'MJ::JOB::upsample::2::3f2a9c1e-8d7b-4a6f-9e21-0c5d7b8a1f33' })).toMatchObject({
      action: 'UPSCALE',
      followUpOf: 't3',
    });
    expect(actionOfCustomId('MJ::Outpaint::50::1::abc-123::SOLO')).toBe('ZOOM');
    expect(actionOfCustomId('MJ::Inpaint::1::abc-123::SOLO')).toBe('INPAINT');
    expect(actionOfCustomId('MJ::JOB::pan_left::1::abc-123::SOLO')).toBe('PAN');
  });

  it('refuses what the upstream would, before anything is charged', () => {
    const refused = (action: Parameters<typeof parseMjSubmission>[0], body: Record<string, unknown>) => {
      try {
        parseMjSubmission(action, body);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return (error as ValidationError).code;
      }
      return 'accepted';
    };
    expect(refused('IMAGINE', {})).toBe('prompt_required');
    expect(refused('IMAGINE', { prompt: 42 })).toBe('prompt_required');
    expect(refused('ACTION', { taskId: 't', customId: 'MJ::JOB::explode::1' })).toBe('invalid_custom_id');
    expect(refused('CHANGE', { taskId: 't', action: 'UPSCALE', index: 9 })).toBe('invalid_index');
    expect(refused('SIMPLE_CHANGE', { content: 'nonsense' })).toBe('invalid_content');
    expect(refused('BLEND', { base64Array: ['only-one'] })).toBe('base64_array_invalid');
  });

  it('strips the speed flags from a prompt', () => {
    expect(clearModeFlags('a cat --ar 16:9 --fast')).toBe('a cat --ar 16:9');
    expect(clearModeFlags('a dog --relax --turbo')).toBe('a dog');
  });
});
