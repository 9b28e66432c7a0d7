import type { TaskRunner } from "../../../ports/task-runner.ts";
import type { TaskFeed } from "./ws-messages.ts";

/** The task runner's state changes and progress reports, as the WebSocket's `task` messages. */
export function taskFeed(tasks: Pick<TaskRunner, "subscribe">): TaskFeed {
  return {
    subscribe: (listener) => tasks.subscribe(({ task }) => listener({ task_id: task.task_id, status: task.status, progress: task.progress, message: task.message || null })),
  };
}
