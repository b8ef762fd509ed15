// The tasks a fake Midjourney-Proxy or Suno server holds: each advances one step per poll (or per
// `advance`), may fail midway, and tells its callback URL about every change.
import { randomUUID } from 'node:crypto';

/** A task's state as both fakes keep it. */
export interface FakeTask {
  readonly id: string;
  readonly kind: 'mj' | 'suno';
  readonly action: string;
  readonly prompt: string;
  status: 'NOT_START' | 'SUBMITTED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE';
  /** Polls (or `advance` calls) taken so far. */
  step: number;
  /** Steps from submission to the end (success or failure). */
  readonly steps: number;
  /** Fails at this step instead of succeeding; undefined: succeeds. */
  readonly failAt: number | undefined;
  failReason: string;
  readonly submitTime: number;
  startTime: number;
  finishTime: number;
  imageUrl: string;
  /** Where the fake posts the task after each change (Midjourney-Proxy's `notifyHook`). */
  readonly notifyHook: string | undefined;
}

/** How a task submitted next will run (tests program these). */
export interface TaskScript {
  /** Steps to the end (default 3). */
  steps?: number;
  /** Fail at this step with `reason`. */
  failAt?: number;
  reason?: string;
}

/** The progress text of a task (`0%` … `100%`). */
export function progressOf(task: FakeTask): string {
  if (task.status === 'SUCCESS' || task.status === 'FAILURE') return '100%';
  return `${Math.floor((task.step / task.steps) * 100)}%`;
}

/** Every task of one fake server, by id. */
export class TaskBook {
  readonly tasks = new Map<string, FakeTask>();
  private readonly scripts: TaskScript[] = [];
  /** Callbacks sent (url and body), oldest first. */
  readonly callbacks: Array<{ url: string; body: unknown }> = [];

  constructor(
    private readonly imageBase: () => string,
    private readonly render: (task: FakeTask) => unknown,
  ) {}

  /** The next submitted task runs by `script`. */
  script(script: TaskScript): void {
    this.scripts.push(script);
  }

  create(kind: FakeTask['kind'], action: string, prompt: string, notifyHook?: string): FakeTask {
    const script = this.scripts.shift() ?? {};
    // A prompt asking for failure fails at the second step (the tests of each fake use this).
    const failAt = script.failAt ?? (prompt.includes('[fail]') ? 2 : undefined);
    const task: FakeTask = {
      id: kind === 'mj' ? String(Date.now()) + String(Math.floor(Math.random() * 1e6)).padStart(6, '0') : randomUUID(),
      kind,
      action,
      prompt,
      status: 'SUBMITTED',
      step: 0,
      steps: script.steps ?? 3,
      failAt,
      failReason: failAt === undefined ? '' : (script.reason ?? 'Banned prompt detected'),
      submitTime: Date.now(),
      startTime: 0,
      finishTime: 0,
      imageUrl: '',
      notifyHook,
    };
    this.tasks.set(task.id, task);
    return task;
  }

  /** Takes one step of a task (unless it has ended) and posts its callback; returns it. */
  advance(id: string): FakeTask | undefined {
    const task = this.tasks.get(id);
    if (!task || task.status === 'SUCCESS' || task.status === 'FAILURE') return task;
    task.step += 1;
    if (task.startTime === 0) task.startTime = Date.now();
    if (task.failAt !== undefined && task.step >= task.failAt) {
      task.status = 'FAILURE';
      task.finishTime = Date.now();
    } else if (task.step >= task.steps) {
      task.status = 'SUCCESS';
      task.finishTime = Date.now();
      if (task.kind === 'mj') task.imageUrl = `${this.imageBase()}/images/${task.id}.png`;
    } else {
      task.status = 'IN_PROGRESS';
    }
    this.notify(task);
    return task;
  }

  /** Ends a task at once (success, or failure with `reason`) and posts its callback. */
  finish(id: string, reason?: string): FakeTask | undefined {
    const task = this.tasks.get(id);
    if (!task) return undefined;
    task.step = task.steps;
    task.finishTime = Date.now();
    if (reason !== undefined) {
      task.status = 'FAILURE';
      task.failReason = reason;
    } else {
      task.status = 'SUCCESS';
      if (task.kind === 'mj') task.imageUrl = `${this.imageBase()}/images/${task.id}.png`;
    }
    this.notify(task);
    return task;
  }

  private notify(task: FakeTask): void {
    if (!task.notifyHook) return;
    const body = this.render(task);
    this.callbacks.push({ url: task.notifyHook, body });
    fetch(task.notifyHook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(() => {
      // The gateway may be gone; a callback is best effort, as the real proxy's is.
    });
  }

  reset(): void {
    this.tasks.clear();
    this.scripts.length = 0;
    this.callbacks.length = 0;
  }
}
