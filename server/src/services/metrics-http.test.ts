import client from "prom-client";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/client.js";
import type { EngineHandle } from "../engine/handle.js";
import { renderMetrics, useMetrics } from "./metrics-http.js";

/** a scrape; the gauges read from the database fail here (there is none), which is not the point */
async function scrape(): Promise<void> {
  try {
    await renderMetrics();
  } catch (error) {
    if (/already been registered/.test((error as Error).message)) throw error;
  }
}

describe("the process's own metrics", () => {
  it("start with the first scrape, not with the app: no event-loop monitor on a server nobody scrapes", async () => {
    const engine = { health: () => null } as unknown as EngineHandle;
    useMetrics({ db: {} as Db, engine });
    expect(client.register.getSingleMetric("nodejs_eventloop_lag_seconds")).toBeUndefined();
    expect(client.register.getSingleMetric("process_cpu_user_seconds_total")).toBeUndefined();

    await scrape();
    expect(client.register.getSingleMetric("nodejs_eventloop_lag_seconds")).toBeDefined();
    expect(await client.register.getSingleMetricAsString("process_cpu_user_seconds_total")).toMatch(
      /process_cpu_user_seconds_total \d/,
    );
    // the next scrape does not register them twice (prom-client refuses a name twice)
    await scrape();
  });
});
