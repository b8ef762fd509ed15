import { ValidationError } from '@modelgate/runtime';

/** What a Midjourney-Proxy submission asks for: the submit path's action. */
export type MjSubmitAction =
  | 'IMAGINE'
  | 'DESCRIBE'
  | 'BLEND'
  | 'SHORTEN'
  | 'UPLOAD'
  | 'CHANGE'
  | 'SIMPLE_CHANGE'
  | 'MODAL'
  | 'ACTION'
  | 'SWAP_FACE';

/** The submit paths below `/mj` and their actions. */
export const MJ_SUBMIT_PATHS: ReadonlyMap<string, MjSubmitAction> = new Map([
  ['/submit/imagine', 'IMAGINE'],
  ['/submit/describe', 'DESCRIBE'],
  ['/submit/blend', 'BLEND'],
  ['/submit/shorten', 'SHORTEN'],
  ['/submit/upload-discord-images', 'UPLOAD'],
  ['/submit/change', 'CHANGE'],
  ['/submit/simple-change', 'SIMPLE_CHANGE'],
  ['/submit/modal', 'MODAL'],
  ['/submit/action', 'ACTION'],
  ['/insight-face/swap', 'SWAP_FACE'],
]);

/** A validated submission: the action it is billed and stored as, and the task it follows up. */
export interface MjSubmission {
  readonly submitAction: MjSubmitAction;
  /** The stored and priced action (`UPSCALE` for a `CHANGE` of U2, `ZOOM` for an outpaint …). */
  readonly action: string;
  /** The priced model: `mj_<action>`, or `swap_face`. */
  readonly model: string;
  readonly prompt: string;
  /** The original task of a follow-up (CHANGE, SIMPLE_CHANGE, MODAL, ACTION). */
  readonly followUpOf?: string;
}

const CHANGE_ACTIONS = new Set(['UPSCALE', 'VARIATION', 'REROLL']);

/** `customId` of a Midjourney(-Proxy-Plus) button → the action it runs. */
const CUSTOM_ID_ACTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^MJ::JOB::upsample(?:_v\d+_\w+)?::\d+::[\w-]+(?:::SOLO)?$/, 'UPSCALE'],
  [/^MJ::JOB::variation::\d+::[\w-]+(?:::SOLO)?$/, 'VARIATION'],
  [/^MJ::JOB::low_variation::\d+::[\w-]+(?:::SOLO)?$/, 'LOW_VARIATION'],
  [/^MJ::JOB::high_variation::\d+::[\w-]+(?:::SOLO)?$/, 'HIGH_VARIATION'],
  [/^MJ::JOB::reroll::\d+::[\w-]+(?:::SOLO)?$/, 'REROLL'],
  [/^MJ::JOB::pan_(?:left|right|up|down)::\d+::[\w-]+(?:::SOLO)?$/, 'PAN'],
  [/^MJ::Outpaint::\d+::\d+::[\w-]+(?:::SOLO)?$/, 'ZOOM'],
  [/^MJ::CustomZoom::[\w-]+$/, 'CUSTOM_ZOOM'],
  [/^MJ::Inpaint::\d+::[\w-]+(?:::SOLO)?$/, 'INPAINT'],
  [/^MJ::JOB::(?:upsample_v\d+_\w+|animate_\w+)::\d+::[\w-]+(?:::SOLO)?$/, 'UPSCALE'],
];

function invalid(message: string, code: string): ValidationError {
  return new ValidationError(message, { code });
}

function requiredString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${field} is required`, `${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_required`);
  return value;
}

function optionalString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalid(`${field} must be a string`, 'invalid_request');
  return value;
}

function modelOf(action: string): string {
  return action === 'SWAP_FACE' ? 'swap_face' : `mj_${action.toLowerCase()}`;
}

/** The action a button's `customId` runs; a malformed one is refused. */
export function actionOfCustomId(customId: string): string {
  for (const [pattern, action] of CUSTOM_ID_ACTIONS) if (pattern.test(customId)) return action;
  throw invalid(`customId is malformed or names an unknown button: ${customId.slice(0, 100)}`, 'invalid_custom_id');
}

/** Validates a submission's body for its action (the reference's rules), without calling anyone. */
export function parseMjSubmission(submitAction: MjSubmitAction, body: Record<string, unknown>): MjSubmission {
  const base = (action: string, prompt = '', followUpOf?: string): MjSubmission => ({
    submitAction,
    action,
    model: modelOf(action),
    prompt,
    ...(followUpOf === undefined ? {} : { followUpOf }),
  });
  switch (submitAction) {
    case 'IMAGINE':
    case 'SHORTEN':
      return base(submitAction, requiredString(body, 'prompt'));
    case 'DESCRIBE':
      requiredString(body, 'base64');
      return base('DESCRIBE');
    case 'BLEND': {
      const images = body.base64Array;
      if (!Array.isArray(images) || images.length < 2 || images.length > 5 || !images.every((image) => typeof image === 'string' && image !== '')) {
        throw invalid('base64Array must hold 2 to 5 images', 'base64_array_invalid');
      }
      return base('BLEND');
    }
    case 'UPLOAD': {
      const images = body.base64Array;
      if (!Array.isArray(images) || images.length === 0 || !images.every((image) => typeof image === 'string' && image !== '')) {
        throw invalid('base64Array must hold at least one image', 'base64_array_invalid');
      }
      return base('UPLOAD');
    }
    case 'SWAP_FACE':
      requiredString(body, 'sourceBase64');
      requiredString(body, 'targetBase64');
      return base('SWAP_FACE');
    case 'CHANGE': {
      const taskId = requiredString(body, 'taskId');
      const action = optionalString(body, 'action').toUpperCase();
      if (!CHANGE_ACTIONS.has(action)) throw invalid('action must be UPSCALE, VARIATION or REROLL', 'invalid_action');
      if (action !== 'REROLL') {
        const index = body.index;
        if (typeof index !== 'number' || !Number.isInteger(index) || index < 1 || index > 4) throw invalid('index must be 1 to 4', 'invalid_index');
      }
      return base(action, '', taskId);
    }
    case 'SIMPLE_CHANGE': {
      const content = requiredString(body, 'content').trim();
      const match = /^(\S+)\s+(U[1-4]|V[1-4]|R)$/i.exec(content);
      if (!match) throw invalid('content must be "<taskId> U1..U4 | V1..V4 | R"', 'invalid_content');
      const kind = match[2]!.toUpperCase()[0];
      return base(kind === 'U' ? 'UPSCALE' : kind === 'V' ? 'VARIATION' : 'REROLL', '', match[1]);
    }
    case 'MODAL':
      return base('MODAL', optionalString(body, 'prompt'), requiredString(body, 'taskId'));
    case 'ACTION': {
      const customId = requiredString(body, 'customId');
      const taskId = requiredString(body, 'taskId');
      return base(actionOfCustomId(customId), '', taskId);
    }
  }
}

/** The speed flags Midjourney reads from a prompt, stripped when `MjModeClearEnabled`. */
export function clearModeFlags(prompt: string): string {
  return prompt.replace(/\s*--(?:fast|relax|turbo)\b/g, '').trim();
}
