import type { DrawingTask__Output } from '@modelgate/contracts';
import type { DrawingSwitches } from './task-deps';

function parsed(text: string, fallback: unknown): unknown {
  if (text === '') return fallback;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

/**
 * A stored drawing task in Midjourney-Proxy's task shape, as its clients read `fetch` and
 * `list-by-condition`. With `MjForwardUrlEnabled` the image URL points at the gateway
 * (`{ServerAddress}/mj/image/{id}`), with a cache-busting query while the task is unfinished.
 */
export function mjTaskWire(task: DrawingTask__Output, switches: Pick<DrawingSwitches, 'forwardUrl' | 'serverAddress'>): Record<string, unknown> {
  let imageUrl = task.image_url;
  if (switches.forwardUrl && imageUrl !== '') {
    imageUrl = `${switches.serverAddress}/mj/image/${encodeURIComponent(task.mj_id)}`;
    if (task.status !== 'SUCCESS') imageUrl += `?rand=${encodeURIComponent(task.progress)}`;
  }
  return {
    id: task.mj_id,
    action: task.action,
    prompt: task.prompt,
    promptEn: task.prompt_en,
    description: task.description,
    state: task.state,
    submitTime: Number(task.submit_time),
    startTime: Number(task.start_time),
    finishTime: Number(task.finish_time),
    imageUrl,
    status: task.status,
    progress: task.progress,
    failReason: task.fail_reason,
    buttons: parsed(task.buttons, []),
    properties: parsed(task.properties, {}),
  };
}
