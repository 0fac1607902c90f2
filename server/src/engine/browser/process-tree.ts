import { readdirSync, readFileSync } from "node:fs";

/** Linux only (/proc); elsewhere the figures are null and the memory cap is not enforced. */
export interface TreeUsage {
  pids: number[];
  /**
   * proportional set size (shared pages split among the processes that share them): Chromium's
   * processes share most of their code, and a plain RSS sum counts it once per process
   */
  rssBytes: number;
  /** user + system CPU of the live processes and of the children they reaped */
  cpuMs: number;
}

const PAGE_BYTES = 4096;
const TICK_MS = 10; // USER_HZ is 100 on every Linux build we run on

interface Stat {
  pid: number;
  ppid: number;
  cpuTicks: number;
  reapedTicks: number;
  rssPages: number;
}

/** Pss of one process in bytes (smaps_rollup, Linux ≥ 4.14), else its RSS */
function pssBytes(pid: number, rssPages: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // gone, or no smaps_rollup
  }
  return rssPages * PAGE_BYTES;
}

function readStat(pid: string): Stat | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the command name may hold spaces and parentheses: fields start after the last ')'
    const f = raw.slice(raw.lastIndexOf(")") + 2).split(" ");
    return {
      pid: Number(pid),
      ppid: Number(f[1]),
      cpuTicks: Number(f[11]) + Number(f[12]),
      reapedTicks: Number(f[13]) + Number(f[14]),
      rssPages: Number(f[21]),
    };
  } catch {
    return null;
  }
}

/** this process's child whose command line holds `marker`, and every process below it */
export function processTreeUsage(marker: string): TreeUsage | null {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const stats = new Map<number, Stat>();
  const roots: number[] = [];
  for (const pid of entries) {
    const stat = readStat(pid);
    if (!stat) continue;
    stats.set(stat.pid, stat);
    // playwright-core spawns Chromium as a child of this process
    if (stat.ppid === process.pid) {
      try {
        if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(marker)) roots.push(stat.pid);
      } catch {
        // gone meanwhile
      }
    }
  }
  if (roots.length === 0) return null;
  const children = new Map<number, number[]>();
  for (const s of stats.values()) {
    const list = children.get(s.ppid);
    if (list) list.push(s.pid);
    else children.set(s.ppid, [s.pid]);
  }
  const pids: number[] = [];
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    pids.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  let rssBytes = 0;
  let ticks = 0;
  for (const pid of pids) {
    const s = stats.get(pid)!;
    rssBytes += pssBytes(pid, s.rssPages);
    ticks += s.cpuTicks;
  }
  for (const root of roots) ticks += stats.get(root)?.reapedTicks ?? 0;
  return { pids, rssBytes, cpuMs: ticks * TICK_MS };
}
