/**
 * `npm run bench:http-pace [-- --seconds 5]`
 *
 * What one HTTP exchange of the engine costs in CPU depending on the pace and grouping of the
 * requests, on this machine: the floor under `bench:targets-scale`'s "CPU per monitor served". A
 * child process (with `npm start`'s node flags) sends the engine's own `Transport` GETs for a
 * stand-in Nude Project page (~1.2 KB, served by the stand-in retailer in this process) at several
 * paces, one at a time or in groups started together, and prints the CPU it spent per request
 * (user + kernel) and the kernel's part. The scenario asks 150 target checks a second split
 * over two processes: ~75 a second each.
 *
 * Under those, the machine's own floor at the same paces, which no transport can go below: a timer
 * that wakes the process and does nothing, and one exchange on a bare socket (the request's bytes
 * written, the answer's read to its length, no HTTP library).
 */
import { fork } from "node:child_process";
import net from "node:net";
import type { Transport as TransportClass } from "../server/src/engine/fetch/transport.js";
import { FakeRetailer } from "../tools/fake-retailer.js";
import { startEnv, startNodeArgs } from "./start-flags.js";

interface Pace {
  perSecond: number;
  /** requests started together */
  group: number;
}
const PACES: Pace[] = [
  { perSecond: 75, group: 1 },
  { perSecond: 75, group: 10 },
  { perSecond: 75, group: 75 },
  { perSecond: 750, group: 10 },
  { perSecond: 3000, group: 10 },
];

const wait = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** CPU (user + kernel) per call of `step`, called `perSecond` times a second one at a time */
async function cpuPerCall(step: () => Promise<void>, perSecond: number, seconds: number): Promise<number> {
  const total = Math.max(500, perSecond * seconds);
  const started = Date.now();
  const before = process.cpuUsage();
  for (let i = 0; i < total; i++) {
    await step();
    await wait(started + ((i + 1) * 1000) / perSecond - Date.now());
  }
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / 1000 / total;
}

/** one keep-alive socket to the page's host: each call writes the GET and reads the answer to its length */
async function bareSocket(url: string): Promise<{ exchange: () => Promise<void>; close: () => void }> {
  const { hostname, port, pathname } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.setNoDelay(true);
  const request = Buffer.from(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
  let answered: (() => void) | undefined;
  let received = Buffer.alloc(0);
  socket.on("data", (chunk) => {
    received = Buffer.concat([received, chunk]);
    const headEnd = received.indexOf("\r\n\r\n");
    if (headEnd < 0) return;
    const length = Number(
      /content-length: *(\d+)/i.exec(received.subarray(0, headEnd).toString("latin1"))?.[1],
    );
    if (received.length < headEnd + 4 + length) return;
    received = Buffer.alloc(0);
    answered?.();
  });
  const exchange = () =>
    new Promise<void>((resolve) => {
      answered = resolve;
      socket.write(request);
    });
  for (let i = 0; i < 300; i++) await exchange();
  return { exchange, close: () => socket.destroy() };
}

async function client(url: string, seconds: number): Promise<void> {
  const { Transport } = (await import("../server/src/engine/fetch/transport.js")) as {
    Transport: typeof TransportClass;
  };
  const transport = new Transport({ allowPrivate: true });
  const get = () => transport.send(url, { timeoutMs: 10_000, maxRedirects: 0 });
  for (let i = 0; i < 500; i++) await get(); // the connection open, the code warm
  const rows: string[] = [];
  for (const { perSecond, group } of PACES) {
    const total = Math.max(1_000, perSecond * seconds);
    const started = Date.now();
    const before = process.cpuUsage();
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < total; i += group) {
      for (let k = 0; k < group; k++) pending.push(get());
      await wait(started + ((i + group) * 1000) / perSecond - Date.now());
    }
    await Promise.all(pending);
    const cpu = process.cpuUsage(before);
    const perRequest = (cpu.user + cpu.system) / 1000 / total;
    rows.push(
      `  ${String(perSecond).padStart(5)} a second, ${String(group).padStart(2)} at a time: ${perRequest.toFixed(3)} ms of CPU per request (the kernel's part ${((cpu.system / (cpu.user + cpu.system)) * 100).toFixed(0)} %)`,
    );
  }
  await transport.close();
  for (const perSecond of [75, 750]) {
    const idle = await cpuPerCall(async () => {}, perSecond, seconds);
    const socket = await bareSocket(url);
    const bare = await cpuPerCall(socket.exchange, perSecond, seconds);
    socket.close();
    rows.push(
      `  ${String(perSecond).padStart(5)} a second, the machine's floor: ${idle.toFixed(3)} ms of CPU per timer wake that does nothing, ${bare.toFixed(3)} ms per exchange on a bare socket (no HTTP library)`,
    );
  }
  process.send?.(rows);
}

const clientAt = process.argv.indexOf("--client");
if (clientAt > 0) {
  await client(process.argv[clientAt + 1], Number(process.argv[clientAt + 2]));
  process.exit(0);
}

const secondsAt = process.argv.indexOf("--seconds");
const seconds = secondsAt > 0 ? Number(process.argv[secondsAt + 1]) : 5;
const retailer = new FakeRetailer();
const shop = await retailer.listen();
retailer.setProduct("ritmo", { status: "out_of_stock" });
const child = fork(import.meta.filename, ["--client", `${shop}/products/ritmo.js`, String(seconds)], {
  execArgv: [...startNodeArgs(), "--import", "tsx"],
  env: { ...process.env, ...startEnv() },
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const rows = await new Promise<string[]>((resolve, reject) => {
  child.once("message", (m) => resolve(m as string[]));
  child.once("exit", (code) => reject(new Error(`o cliente terminou (${code})`)));
});
console.log("\nOne HTTP exchange of the engine's transport, by pace (a ~1.2 KB page on loopback):");
for (const row of rows) console.log(row);
await retailer.close();
