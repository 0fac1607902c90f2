import { describe, expect, it } from "vitest";
import { ParkedChecks } from "./parked.js";
import type { LeasedTarget } from "./store.js";

const product = (id: number, host: string, userId = 1) => ({ id, host, userId }) as LeasedTarget;

describe("ParkedChecks", () => {
  it("gives a freed slot to the oldest product of the freed check's host or user that may start", () => {
    const parked = new ParkedChecks();
    parked.add(product(1, "slow.example", 1), 100);
    parked.add(product(2, "other.example", 2), 110);
    parked.add(product(3, "shop.example", 1), 120);
    parked.add(product(4, "shop.example", 2), 130);
    const nothingFull = () => false;
    // user 1 freed a slot on shop.example: products 1 and 3 (its user) and 4 (its host) may go; 1 is oldest
    expect(parked.takeFor(product(9, "shop.example", 1), nothingFull, nothingFull)?.id).toBe(1);
    // slow.example is gone from the groups; with shop.example full, user 1's next is nothing
    const shopFull = (p: LeasedTarget) => p.host === "shop.example";
    expect(parked.takeFor(product(9, "shop.example", 1), shopFull, nothingFull)).toBeNull();
    // another user's product on the freed host, when its own user is not full
    const user1Full = (p: LeasedTarget) => p.userId === 1;
    expect(parked.takeFor(product(9, "shop.example", 1), nothingFull, user1Full)?.id).toBe(4);
    expect(parked.size).toBe(2);
  });

  it("asks a host's cap only of the groups that hold a product the freed slot may go to", () => {
    const parked = new ParkedChecks();
    // twenty hosts with another user's products parked, and one of the freed check's user
    for (let h = 0; h < 20; h++) parked.add(product(h, `h${h}.example`, 2), 100 + h);
    parked.add(product(99, "h7.example", 1), 500);
    const asked: string[] = [];
    const hostFull = (p: LeasedTarget) => {
      asked.push(p.host);
      return false;
    };
    expect(parked.takeFor(product(50, "h3.example", 1), hostFull, () => false)?.id).toBe(3);
    // the freed host's own group and the group with user 1's product: not the eighteen others
    expect(asked.sort()).toEqual(["h3.example", "h7.example"]);
  });

  it("expires the products that waited too long and those beyond the limit, oldest first", () => {
    const parked = new ParkedChecks();
    for (let i = 0; i < 6; i++) parked.add(product(i, `h${i % 2}.example`), 1000 + i * 100);
    // at 1 650: 0 waited 650 ms; of the 5 left, the oldest (1, 2) go until 3 remain
    expect(parked.expire(1650, 600, 3).map((p) => p.id)).toEqual([0, 1, 2]);
    expect(parked.size).toBe(3);
    expect(parked.expire(1650, 600, 3)).toEqual([]);
    parked.clear();
    expect(parked.size).toBe(0);
  });

  it("a product leased ahead waits from its due time: it is not handed back before it has waited", () => {
    const parked = new ParkedChecks();
    // parked at 1 000: one due then, one due 1 200 ms later (the lease's lead)
    parked.add(product(1, "shop.example"), 1000);
    parked.add(product(2, "shop.example"), 2200);
    // one parked later but due before the second: its group keeps the order of the waits
    parked.add(product(3, "shop.example"), 1500);
    expect(parked.expire(2100, 1000, 10).map((p) => p.id)).toEqual([1]);
    expect(parked.expire(2600, 1000, 10).map((p) => p.id)).toEqual([3]);
    expect(parked.expire(3100, 1000, 10)).toEqual([]);
    expect(parked.expire(3200, 1000, 10).map((p) => p.id)).toEqual([2]);
    // a freed slot goes to the one that has waited longest
    parked.add(product(4, "shop.example"), 5000);
    parked.add(product(5, "shop.example"), 4000);
    expect(
      parked.takeFor(
        product(9, "shop.example"),
        () => false,
        () => false,
      )?.id,
    ).toBe(5);
  });
});
