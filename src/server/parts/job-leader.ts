import type { DatabaseHandle } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/** Any fixed number, not the migrations' (`db/client.ts`): the periodic jobs' leader's lock. */
const JOB_LEADER_LOCK = 7_301_031;
const RETRY_MS = 15_000;

export type JobLeadership = {
  /** Whether this process runs the periodic jobs now. */
  readonly leading: boolean;
  stop(): Promise<void>;
};

/**
 * One process among all those sharing the database runs the periodic jobs (issue 31): the one
 * holding the leader's lock. The others try again every `retryMs`, so when the leader stops or
 * dies (its connection, and so its lock, goes with it) another takes over within that time.
 */
export function followJobLeadership(
  database: Pick<DatabaseHandle, "tryExclusiveLock">,
  logger: Logger,
  retryMs = RETRY_MS,
): JobLeadership {
  let release: (() => Promise<void>) | undefined;
  let stopped = false;
  let trying: Promise<void> = Promise.resolve();
  const lost = () => {
    release = undefined;
    if (!stopped) logger.warn("lost the periodic jobs' lock; another process takes them over");
  };
  const tryToLead = async () => {
    if (release || stopped) return;
    try {
      release = await database.tryExclusiveLock(JOB_LEADER_LOCK, lost);
      if (release) logger.info("this process runs the periodic jobs");
    } catch (error) {
      logger.warn({ err: error }, "could not ask for the periodic jobs' lock; trying again");
    }
  };
  const attempt = () => {
    trying = trying.then(tryToLead);
  };
  attempt();
  const timer = setInterval(attempt, retryMs);
  timer.unref();
  return {
    get leading() {
      return release !== undefined;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await trying;
      await release?.();
      release = undefined;
    },
  };
}
