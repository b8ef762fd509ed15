import { api } from '../../app/api';

/** A drawing task as `/api/mj/` answers it (times in Unix milliseconds; `channel_id` for admins only). */
export interface DrawingTask {
  id: number;
  code: number;
  user_id: number;
  action: string;
  mj_id: string;
  prompt: string;
  prompt_en: string;
  description: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  image_url: string;
  status: string;
  progress: string;
  fail_reason: string;
  channel_id?: number;
  quota: number;
}

/** A music or lyrics task as `/api/task/` answers it (times in Unix seconds; `channel_id` for admins only). */
export interface MusicTask {
  id: number;
  created_at: number;
  task_id: string;
  platform: string;
  user_id: number;
  channel_id?: number;
  quota: number;
  action: string;
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  properties: unknown;
  data: unknown;
}

/** One 0-based page of a task log: admins read every user's (`/api/x/`), users their own (`/api/x/self`). */
export interface TaskPageArgs {
  admin: boolean;
  p: number;
  page_size: number;
  /** Filter values; empty ones are left out. */
  filter: Record<string, string | number | undefined>;
}

function pageQuery(base: string, { admin, p, page_size, filter }: TaskPageArgs) {
  const params: Record<string, string | number> = { p, page_size };
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') params[name] = value;
  }
  return { url: admin ? `api/${base}/` : `api/${base}/self`, params };
}

export const taskApi = api.injectEndpoints({
  endpoints: (build) => ({
    listDrawingTasks: build.query<DrawingTask[], TaskPageArgs>({
      query: (args) => pageQuery('mj', args),
      providesTags: ['Midjourney'],
    }),
    listMusicTasks: build.query<MusicTask[], TaskPageArgs>({
      query: (args) => pageQuery('task', args),
      providesTags: ['Task'],
    }),
  }),
});
