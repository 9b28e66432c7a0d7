/**
 * A page (or panel) that shows one task at a time: the one in its address
 * (`?task=<id>`). Submitting puts the new task there (so a reload or a shared
 * link shows it again), and an address set from elsewhere — the task list —
 * opens that task. The submission's own address change is not an opening.
 */
import { computed, type ComputedRef, watch } from "vue";
import type { TaskAccepted, TaskState } from "../api/backtest-types.ts";
import { navigate, route } from "../app/router.ts";
import { type TaskFollower, useTaskFollower } from "./task-follow.ts";

export interface AddressedTask {
  readonly follower: TaskFollower;
  /** Submits and follows the new task, its id put in the address of `path`. */
  start(submit: () => Promise<TaskAccepted>): void;
  /** The followed task's final state once it is done (with its result). */
  readonly done: ComputedRef<TaskState | null>;
}

export function useAddressedTask(path: string): AddressedTask {
  const follower = useTaskFollower();
  let submittedId: string | null = null;

  function start(submit: () => Promise<TaskAccepted>): void {
    void follower.start(async () => {
      const accepted = await submit();
      submittedId = accepted.task_id;
      navigate(`${path}?task=${accepted.task_id}`, true);
      return accepted;
    });
  }

  watch(
    () => route.value.query.get("task"),
    (id) => {
      if (id && id !== follower.run.id && id !== submittedId) void follower.open(id);
    },
    { immediate: true },
  );

  const done = computed(() => {
    const f = follower.run.final;
    return f && f.task_id === follower.run.id && f.status === "done" ? f : null;
  });
  return { follower, start, done };
}
