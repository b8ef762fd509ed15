// Original file: proto/modelgate/task/v1/task_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * DrawingTask is one drawing task as the console shows it (product spec §3 "Drawing task").
 */
export interface DrawingTask {
  /**
   * Numeric row id.
   */
  'id'?: (number | string | Long);
  /**
   * Submit result: 1 submitted, 21 waiting, 22 duplicate, 0 not submitted.
   */
  'code'?: (number);
  /**
   * The user who submitted the task.
   */
  'user_id'?: (number | string | Long);
  /**
   * IMAGINE, UPSCALE, VARIATION, HIGH_VARIATION, LOW_VARIATION, PAN, DESCRIBE, BLEND, UPLOAD,
   * SHORTEN, REROLL, INPAINT, ZOOM, CUSTOM_ZOOM, MODAL, SWAP_FACE.
   */
  'action'?: (string);
  /**
   * The upstream task id.
   */
  'mj_id'?: (string);
  /**
   * The prompt as submitted.
   */
  'prompt'?: (string);
  /**
   * The prompt as the upstream translated it to English.
   */
  'prompt_en'?: (string);
  /**
   * The upstream's description of the task.
   */
  'description'?: (string);
  /**
   * Caller-defined state passed through the upstream.
   */
  'state'?: (string);
  /**
   * When the task was submitted, Unix milliseconds.
   */
  'submit_time'?: (number | string | Long);
  /**
   * When the upstream started the task, Unix milliseconds; 0 until it did.
   */
  'start_time'?: (number | string | Long);
  /**
   * When the task finished, Unix milliseconds; 0 while unfinished.
   */
  'finish_time'?: (number | string | Long);
  /**
   * The result image as the upstream serves it.
   */
  'image_url'?: (string);
  /**
   * SUCCESS, NOT_START, SUBMITTED, IN_PROGRESS, FAILURE or MODAL.
   */
  'status'?: (string);
  /**
   * Progress text, "0%" to "100%".
   */
  'progress'?: (string);
  /**
   * Why the task failed; empty unless it did.
   */
  'fail_reason'?: (string);
  /**
   * The channel the task was submitted through; 0 in `self` answers.
   */
  'channel_id'?: (number | string | Long);
  /**
   * Quota charged for the task (refunded when it fails).
   */
  'quota'?: (number | string | Long);
  /**
   * The upstream's follow-up buttons, JSON text.
   */
  'buttons'?: (string);
  /**
   * Extra upstream properties, JSON text.
   */
  'properties'?: (string);
}

/**
 * DrawingTask is one drawing task as the console shows it (product spec §3 "Drawing task").
 */
export interface DrawingTask__Output {
  /**
   * Numeric row id.
   */
  'id': (string);
  /**
   * Submit result: 1 submitted, 21 waiting, 22 duplicate, 0 not submitted.
   */
  'code': (number);
  /**
   * The user who submitted the task.
   */
  'user_id': (string);
  /**
   * IMAGINE, UPSCALE, VARIATION, HIGH_VARIATION, LOW_VARIATION, PAN, DESCRIBE, BLEND, UPLOAD,
   * SHORTEN, REROLL, INPAINT, ZOOM, CUSTOM_ZOOM, MODAL, SWAP_FACE.
   */
  'action': (string);
  /**
   * The upstream task id.
   */
  'mj_id': (string);
  /**
   * The prompt as submitted.
   */
  'prompt': (string);
  /**
   * The prompt as the upstream translated it to English.
   */
  'prompt_en': (string);
  /**
   * The upstream's description of the task.
   */
  'description': (string);
  /**
   * Caller-defined state passed through the upstream.
   */
  'state': (string);
  /**
   * When the task was submitted, Unix milliseconds.
   */
  'submit_time': (string);
  /**
   * When the upstream started the task, Unix milliseconds; 0 until it did.
   */
  'start_time': (string);
  /**
   * When the task finished, Unix milliseconds; 0 while unfinished.
   */
  'finish_time': (string);
  /**
   * The result image as the upstream serves it.
   */
  'image_url': (string);
  /**
   * SUCCESS, NOT_START, SUBMITTED, IN_PROGRESS, FAILURE or MODAL.
   */
  'status': (string);
  /**
   * Progress text, "0%" to "100%".
   */
  'progress': (string);
  /**
   * Why the task failed; empty unless it did.
   */
  'fail_reason': (string);
  /**
   * The channel the task was submitted through; 0 in `self` answers.
   */
  'channel_id': (string);
  /**
   * Quota charged for the task (refunded when it fails).
   */
  'quota': (string);
  /**
   * The upstream's follow-up buttons, JSON text.
   */
  'buttons': (string);
  /**
   * Extra upstream properties, JSON text.
   */
  'properties': (string);
}
