import { z } from 'zod';
import { type QueryOf, queryInteger, queryText, queryTimestamp } from './query';

/** `/api/mj/...` and `/api/task/...` (spec §7 "Tasks"); `channel_id` for admins only (spec §6). */

/** A drawing task (spec §3 "Drawing task"), times in Unix milliseconds as the reference sends them. */
export const drawingTaskJson = z.object({
  id: z.number(),
  code: z.number(),
  user_id: z.number(),
  action: z.string(),
  mj_id: z.string(),
  prompt: z.string(),
  prompt_en: z.string(),
  description: z.string(),
  state: z.string(),
  submit_time: z.number(),
  start_time: z.number(),
  finish_time: z.number(),
  image_url: z.string(),
  status: z.string(),
  progress: z.string(),
  fail_reason: z.string(),
  channel_id: z.number().optional(),
  quota: z.number(),
  /** JSON text, as stored. */
  buttons: z.string(),
  /** JSON text, as stored. */
  properties: z.string(),
});

/** A music or lyrics task (spec §3 "Music/lyrics task"), times in Unix seconds. */
export const taskJson = z.object({
  id: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
  task_id: z.string(),
  platform: z.string(),
  user_id: z.number(),
  channel_id: z.number().optional(),
  quota: z.number(),
  action: z.string(),
  status: z.string(),
  fail_reason: z.string(),
  submit_time: z.number(),
  start_time: z.number(),
  finish_time: z.number(),
  progress: z.string(),
  /** The submitted input, `{input}`; null when none was stored. */
  properties: z.unknown(),
  /** The latest raw upstream payload; null when none was stored. */
  data: z.unknown(),
});

export type DrawingTaskJson = z.infer<typeof drawingTaskJson>;
export type TaskJson = z.infer<typeof taskJson>;

/**
 * The filters of the drawing-task log (`GET /api/mj/self`): `mj_id` and the submission time
 * range in Unix seconds (the task service also reads milliseconds, which consoles written for the
 * reference send).
 */
export const drawingTaskQuery = z.object({
  mj_id: queryText(),
  start_timestamp: queryTimestamp(),
  end_timestamp: queryTimestamp(),
});

/** The admins' drawing filters (`GET /api/mj/`): also the channel. */
export const adminDrawingTaskQuery = drawingTaskQuery.extend({ channel_id: queryInteger() });

/** The filters of the music/lyrics task log (`GET /api/task/self`), times in Unix seconds. */
export const taskQuery = z.object({
  task_id: queryText(),
  platform: queryText(),
  status: queryText(),
  action: queryText(),
  start_timestamp: queryTimestamp(),
  end_timestamp: queryTimestamp(),
});

/** The admins' task filters (`GET /api/task/`): also the channel. */
export const adminTaskQuery = taskQuery.extend({ channel_id: queryInteger() });

export type DrawingTaskQuery = QueryOf<typeof adminDrawingTaskQuery>;
export type TaskQuery = QueryOf<typeof adminTaskQuery>;
