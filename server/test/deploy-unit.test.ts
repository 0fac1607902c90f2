import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const unit = path.resolve(import.meta.dirname, "../../deploy/stock-monitor.service");
const analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find((p) => fs.existsSync(p));

describe("the systemd unit in deploy/", () => {
  it("starts the compiled app and leaves systemd more time than the app's own shutdown grace", () => {
    const text = fs.readFileSync(unit, "utf8");
    // the same node flags as `npm start` (the small young generation of docs/decisions.md)
    const start: string = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8"),
    ).scripts.start;
    const [, variables, command] = /^((?:\w+=\S+ )*)(node (?:\S+ )*scripts\/start\.mjs)$/.exec(start) ?? [];
    expect(command).toBeDefined();
    expect(/^ExecStart=\S*\/(node .*)$/m.exec(text)?.[1]).toBe(command);
    // and the variables it sets before node (two malloc arenas), as the unit's Environment lines
    const pairs = variables.split(" ").filter(Boolean);
    expect(pairs).toEqual(["MALLOC_ARENA_MAX=2"]);
    for (const pair of pairs) expect(text.split("\n")).toContain(`Environment=${pair}`);
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(text)?.[1])).toBeGreaterThan(10);
  });

  // where the machine has systemd's tools (Debian's base system does)
  it.skipIf(!analyze)("passes systemd-analyze verify", () => {
    const run = spawnSync(analyze as string, ["verify", unit], { encoding: "utf8" });
    // verify also prints notes about units it pulls in; only lines naming our file are ours
    const ours = `${run.stdout}${run.stderr}`.split("\n").filter((l) => l.includes("stock-monitor.service"));
    expect(ours).toEqual([]);
    expect(run.status).toBe(0);
  });
});
