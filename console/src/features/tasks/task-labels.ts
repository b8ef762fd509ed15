import { Colors, Intent } from '@blueprintjs/core';

/** Drawing actions of spec §4, each with a translation under `drawing.action.*`. */
export const DRAWING_ACTIONS = [
  'IMAGINE',
  'UPSCALE',
  'VARIATION',
  'HIGH_VARIATION',
  'LOW_VARIATION',
  'PAN',
  'DESCRIBE',
  'BLEND',
  'UPLOAD',
  'SHORTEN',
  'REROLL',
  'INPAINT',
  'ZOOM',
  'CUSTOM_ZOOM',
  'MODAL',
  'SWAP_FACE',
] as const;
export type DrawingAction = (typeof DRAWING_ACTIONS)[number];

export function isDrawingAction(action: string): action is DrawingAction {
  return (DRAWING_ACTIONS as readonly string[]).includes(action);
}

/** Drawing task statuses (spec §4) and the intent of their tags. */
export const DRAWING_STATUS_INTENTS = {
  SUCCESS: Intent.SUCCESS,
  NOT_START: Intent.NONE,
  SUBMITTED: Intent.PRIMARY,
  IN_PROGRESS: Intent.PRIMARY,
  FAILURE: Intent.DANGER,
  MODAL: Intent.WARNING,
} as const;
export type DrawingStatus = keyof typeof DRAWING_STATUS_INTENTS;

export function isDrawingStatus(status: string): status is DrawingStatus {
  return Object.hasOwn(DRAWING_STATUS_INTENTS, status);
}

/** Submit codes of a drawing task (spec §4): the label key and the tag intent. */
export const SUBMIT_CODES = {
  1: { key: 'submitted', intent: Intent.SUCCESS },
  21: { key: 'waiting', intent: Intent.PRIMARY },
  22: { key: 'duplicate', intent: Intent.WARNING },
  0: { key: 'notSubmitted', intent: Intent.DANGER },
} as const;

export function submitCodeOf(code: number) {
  return (SUBMIT_CODES as Record<number, (typeof SUBMIT_CODES)[keyof typeof SUBMIT_CODES] | undefined>)[code];
}

/** Music/lyrics task status → label key under `music.status.*` and tag intent (spec §4). */
export function musicStatusOf(status: string) {
  switch (status) {
    case 'SUCCESS':
      return { key: 'success', intent: Intent.SUCCESS } as const;
    case 'NOT_START':
      return { key: 'notStarted', intent: Intent.NONE } as const;
    case 'SUBMITTED':
      return { key: 'queued', intent: Intent.PRIMARY } as const;
    case 'IN_PROGRESS':
      return { key: 'executing', intent: Intent.PRIMARY } as const;
    case 'FAILURE':
      return { key: 'failed', intent: Intent.DANGER } as const;
    case 'QUEUED':
      return { key: 'queuing', intent: Intent.WARNING } as const;
    case '':
      return { key: 'submitting', intent: Intent.NONE } as const;
    default:
      return { key: 'unknown', intent: Intent.NONE } as const;
  }
}

/** Music/lyrics task type → label key under `music.type.*`. */
export function musicTypeOf(action: string): 'music' | 'lyrics' | 'unknown' {
  if (action === 'MUSIC') return 'music';
  if (action === 'LYRICS') return 'lyrics';
  return 'unknown';
}

/** The tag colour list of spec §9 (15 colours); a channel's colour is its id modulo 15. */
export const TAG_COLOURS = [
  Colors.BLUE3,
  Colors.GREEN3,
  Colors.ORANGE3,
  Colors.RED3,
  Colors.VIOLET3,
  Colors.CERULEAN3,
  Colors.FOREST3,
  Colors.GOLD3,
  Colors.INDIGO3,
  Colors.LIME3,
  Colors.ROSE3,
  Colors.SEPIA3,
  Colors.TURQUOISE3,
  Colors.VERMILION3,
  Colors.GRAY3,
] as const;

export function channelColour(channelId: number): string {
  return TAG_COLOURS[Math.abs(Math.trunc(channelId)) % TAG_COLOURS.length];
}

/** Seconds from submit to finish, one decimal, slow above 60 s; null while unfinished. */
export function timeSpent(submitSeconds: number, finishSeconds: number): { text: string; slow: boolean } | null {
  if (!submitSeconds || !finishSeconds || finishSeconds < submitSeconds) return null;
  const seconds = finishSeconds - submitSeconds;
  return { text: seconds.toFixed(1), slow: seconds > 60 };
}

/** A progress text such as "45%" as a number 0–100; null when it is not a percentage. */
export function percentOf(progress: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(progress ?? '');
  if (!match) return null;
  return Math.min(100, Number(match[1]));
}
