import { readdirSync } from "node:fs";
import { ALERT_CHANNELS } from "@common/alert-channels.js";
import type { AlertChannel, ChannelContext, ChannelKind } from "./define-channel.js";

function channelFiles(folder: URL): string[] {
  return readdirSync(folder)
    .filter((name) => /\.[cm]?[jt]s$/.test(name) && !/\.test\.|\.d\.ts$/.test(name))
    .filter((name) => !/^(index|define-channel)\./.test(name))
    .sort();
}

/**
 * Loads every channel file of `folder`: each exports its record under its key's name (the file's
 * name), and its key must have an entry in common/alert-channels.ts (its setting and words).
 */
async function loadChannels(folder: URL): Promise<ChannelKind[]> {
  const kinds = await Promise.all(
    channelFiles(folder).map(async (name) => {
      const key = name.replace(/\.[^.]+$/, "");
      const file: Record<string, ChannelKind | undefined> = await import(new URL(name, folder).href);
      const kind = file[key];
      if (kind?.key !== key) throw new Error(`${name} must export \`${key}\`, its channel`);
      if (!ALERT_CHANNELS.some((c) => c.key === key))
        throw new Error(`${key} needs its entry in common/alert-channels.ts`);
      return kind;
    }),
  );
  const order = (k: ChannelKind) => ALERT_CHANNELS.findIndex((c) => c.key === k.key);
  return kinds.sort((a, b) => order(a) - order(b));
}

/** every per-user channel, in the order of common/alert-channels.ts */
export const CHANNEL_KINDS: readonly ChannelKind[] = await loadChannels(new URL("./", import.meta.url));

/** the channels open wherever the engine runs, without any setup (a batch written outside the engine) */
export const ALWAYS_OPEN = CHANNEL_KINDS.filter((k) => !k.needsSetup).map((k) => k.key);

/** the channels set up in this process (e-mail only with an SMTP server), opened */
export async function openChannels(ctx: ChannelContext): Promise<Map<ChannelKind["key"], AlertChannel>> {
  const open = new Map<ChannelKind["key"], AlertChannel>();
  for (const kind of CHANNEL_KINDS) {
    const channel = await kind.open(ctx);
    if (channel) open.set(kind.key, channel);
  }
  return open;
}

export { channelAnswer } from "./define-channel.js";
export type { AlertChannel, ChannelContext, ChannelKind } from "./define-channel.js";
