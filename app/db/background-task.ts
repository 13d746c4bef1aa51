import { isDatabaseUnreachable } from "./db-errors";
import { describeError } from "~/utils/log-line";

/**
 * Runs `task` now and then every `everyMs` after each run ends (one run at a time), until the returned
 * function is called. A run that fails is logged (an unreachable database is not: the requests that meet it
 * report it) and the next one tries again. The timer does not keep the process alive.
 */
export function repeatInBackground(name: string, everyMs: number, task: () => Promise<unknown>): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const turn = () => {
    task()
      .catch((error: unknown) => {
        if (!isDatabaseUnreachable(error)) console.error(`${name} failed: ${describeError(error)}`);
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(turn, everyMs).unref();
      });
  };
  turn();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
