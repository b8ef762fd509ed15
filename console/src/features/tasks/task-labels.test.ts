import { channelColour, musicStatusOf, musicTypeOf, percentOf, submitCodeOf, TAG_COLOURS, timeSpent } from './task-labels';

describe('task labels', () => {
  it('picks a channel colour by id modulo the 15-colour list', () => {
    expect(TAG_COLOURS).toHaveLength(15);
    expect(channelColour(3)).toBe(TAG_COLOURS[3]);
    expect(channelColour(18)).toBe(TAG_COLOURS[3]);
    expect(channelColour(15)).toBe(TAG_COLOURS[0]);
    expect(channelColour(14)).not.toBe(channelColour(13));
  });

  it('gives time spent in seconds with one decimal, slow above 60 s', () => {
    expect(timeSpent(100, 160)).toEqual({ text: '60.0', slow: false });
    expect(timeSpent(100, 161)).toEqual({ text: '61.0', slow: true });
    expect(timeSpent(100, 0)).toBeNull();
  });

  it('reads percentages, leaving other progress texts alone', () => {
    expect(percentOf('45%')).toBe(45);
    expect(percentOf(' 12.5 % ')).toBe(12.5);
    expect(percentOf('queued')).toBeNull();
    expect(percentOf('')).toBeNull();
  });

  it('labels music statuses and types as spec §4 lists them', () => {
    expect(musicStatusOf('SUBMITTED').key).toBe('queued');
    expect(musicStatusOf('QUEUED').key).toBe('queuing');
    expect(musicStatusOf('').key).toBe('submitting');
    expect(musicStatusOf('WHATEVER').key).toBe('unknown');
    expect([musicTypeOf('MUSIC'), musicTypeOf('LYRICS'), musicTypeOf('VIDEO')]).toEqual(['music', 'lyrics', 'unknown']);
  });

  it('knows the drawing submit codes', () => {
    expect([1, 21, 22, 0].map((code) => submitCodeOf(code)?.key)).toEqual(['submitted', 'waiting', 'duplicate', 'notSubmitted']);
    expect(submitCodeOf(5)).toBeUndefined();
  });
});
