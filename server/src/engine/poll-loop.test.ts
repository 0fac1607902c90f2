import { describe, expect, it, vi } from "vitest";
import { PollLoop } from "./poll-loop.js";

/** a loop whose every turn asks to sleep a minute: only a wake can bring the next turn sooner */
function minuteLoop(duringTurn?: (turn: number) => void) {
  let turns = 0;
  const loop = new PollLoop(async () => {
    turns++;
    duringTurn?.(turns);
    return 60_000;
  });
  loop.start();
  return { loop, turns: () => turns };
}

describe("PollLoop.wakeBy", () => {
  it("a sooner due time ends the sleep under way by then", async () => {
    const { loop, turns } = minuteLoop();
    await vi.waitFor(() => expect(turns()).toBe(1));
    loop.wakeBy(Date.now() + 50);
    await vi.waitFor(() => expect(turns()).toBe(2), { timeout: 5000 });
    await loop.stop();
  });

  it("asked during a turn, it caps the sleep that follows", async () => {
    const { loop, turns } = minuteLoop((turn) => {
      if (turn === 1) loop.wakeBy(Date.now() + 50);
    });
    await vi.waitFor(() => expect(turns()).toBe(2), { timeout: 5000 });
    await loop.stop();
  });

  it("a later due time leaves a sooner wake as it was, and a past one wakes at once", async () => {
    let turns = 0;
    const loop = new PollLoop(async () => {
      turns++;
      return turns === 1 ? 100 : 60_000;
    });
    loop.start();
    await vi.waitFor(() => expect(turns).toBe(1));
    loop.wakeBy(Date.now() + 60_000);
    await vi.waitFor(() => expect(turns).toBe(2), { timeout: 5000 });
    loop.wakeBy(Date.now() - 1);
    await vi.waitFor(() => expect(turns).toBe(3), { timeout: 5000 });
    await loop.stop();
  });
});
