import type { adminDrawingTaskQuery, adminTaskQuery, DrawingTaskJson, QueryOf, TaskJson } from '@modelgate/contracts/api';
import { api } from '../../app/api';

/** A drawing task as `/api/mj/` answers it (times in Unix milliseconds; `channel_id` for admins only). */
export type DrawingTask = DrawingTaskJson;

/** A music or lyrics task as `/api/task/` answers it (times in Unix seconds; `channel_id` for admins only). */
export type MusicTask = TaskJson;

/** The filters of either task log (`mj_id` for drawings, `task_id` and the rest for music). */
export type TaskQueryParams = QueryOf<typeof adminDrawingTaskQuery> & QueryOf<typeof adminTaskQuery>;

/** One 0-based page of a task log: admins read every user's (`/api/x/`), users their own (`/api/x/self`). */
export interface TaskPageArgs {
  admin: boolean;
  p: number;
  page_size: number;
  /** Filter values; empty ones are left out. */
  filter: TaskQueryParams;
}

function pageQuery(base: string, { admin, p, page_size, filter }: TaskPageArgs) {
  const params: Record<string, string | number | boolean> = { p, page_size };
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
