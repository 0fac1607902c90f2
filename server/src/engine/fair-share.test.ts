import { describe, expect, it } from "vitest";
import { mayTakeSlot } from "./fair-share.js";

/** starts checks for the wanting parties in turn, as long as the rule lets any of them start */
function fill(cap: number, known: number, wanting: Map<string, number>, limit?: (key: string) => number) {
  const held = new Map<string, number>();
  let inFlight = 0;
  for (let moved = true; moved; ) {
    moved = false;
    for (const [key, wants] of wanting) {
      if ((held.get(key) ?? 0) >= wants) continue;
      if (!mayTakeSlot({ cap, inFlight, key, held, known, limit })) continue;
      held.set(key, (held.get(key) ?? 0) + 1);
      inFlight++;
      moved = true;
    }
  }
  return { held, inFlight };
}

describe("fair share of the check slots", () => {
  it("two slow users with 8 checks each leave a third user's share free (10 slots)", () => {
    const { held, inFlight } = fill(
      10,
      3,
      new Map([
        ["a", 8],
        ["b", 8],
      ]),
    );
    expect(inFlight).toBeLessThanOrEqual(7);
    expect(held.get("a")).toBeGreaterThanOrEqual(3);
    expect(held.get("b")).toBeGreaterThanOrEqual(3);
    // the third user's first checks start at once, up to its share
    let third = 0;
    let total = inFlight;
    while (mayTakeSlot({ cap: 10, inFlight: total, key: "c", held, known: 3 })) {
      held.set("c", ++third);
      total++;
    }
    expect(third).toBeGreaterThanOrEqual(3);
    // and then the slow users get no more while the third holds its share
    expect(mayTakeSlot({ cap: 10, inFlight: total, key: "a", held, known: 3 })).toBe(false);
  });

  it("a user alone keeps every slot; two users alone split them and fill them", () => {
    expect(fill(10, 1, new Map([["a", 50]])).inFlight).toBe(10);
    const two = fill(
      10,
      2,
      new Map([
        ["a", 50],
        ["b", 50],
      ]),
    );
    expect(two.inFlight).toBe(10);
    expect(two.held.get("a")).toBe(5);
  });

  it("a user who needs little leaves the rest to the busy one (shares sized by what is in flight)", () => {
    const { held, inFlight } = fill(
      10,
      2,
      new Map([
        ["busy", 50],
        ["light", 1],
      ]),
    );
    expect(held.get("light")).toBe(1);
    // the light user's unused share is kept back only while it could still use it
    expect(held.get("busy")).toBe(5);
    expect(inFlight).toBe(6);
    const gone = new Map([["busy", 5]]);
    // once the light user has nothing in flight and is counted gone (known 1), the busy one fills
    expect(fill(10, 1, new Map([["busy", 50]])).inFlight).toBe(10);
    expect(mayTakeSlot({ cap: 10, inFlight: 5, key: "busy", held: gone, known: 1 })).toBe(true);
  });

  it("a host never takes more than its own ceiling, and a slow host's share stays with the others", () => {
    const limit = (host: string) => (host === "slow.example" ? 4 : 256);
    const { held } = fill(
      20,
      3,
      new Map([
        ["slow.example", 40],
        ["fast.example", 40],
      ]),
      limit,
    );
    expect(held.get("slow.example")).toBe(4);
    // the third host's share is kept free
    expect(
      mayTakeSlot({
        cap: 20,
        inFlight: [...held.values()].reduce((a, b) => a + b),
        key: "new.example",
        held,
        known: 3,
        limit,
      }),
    ).toBe(true);
  });

  it("no slot free: nobody starts", () => {
    const held = new Map([["a", 10]]);
    expect(mayTakeSlot({ cap: 10, inFlight: 10, key: "b", held, known: 2 })).toBe(false);
  });
});
