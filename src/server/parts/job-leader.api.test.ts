import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { followJobLeadership } from "./job-leader.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const logger = createLogger({ LOG_LEVEL: "silent" });

describe("the periodic jobs' leader (issue 31)", () => {
  it("is one process of those sharing the database, and another once it stops", async () => {
    const first = followJobLeadership(database, logger, 50);
    await expect.poll(() => first.leading).toBe(true);
    const second = followJobLeadership(database, logger, 50);
    const third = followJobLeadership(database, logger, 50);
    // Each has asked at least twice by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (database.kind === "postgres") {
      expect([first, second, third].filter((process) => process.leading)).toHaveLength(1);
      await first.stop();
      expect(first.leading).toBe(false);
      await expect.poll(() => [second, third].filter((process) => process.leading).length).toBe(1);
    } else {
      // One process owns an embedded database: it is always the leader.
      expect(second.leading).toBe(true);
      await first.stop();
    }
    await Promise.all([second.stop(), third.stop()]);
    expect([second, third].some((process) => process.leading)).toBe(false);
  });
});
