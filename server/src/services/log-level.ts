import type { GlobalSettings } from "@common/schemas/settings.js";
import type { FastifyBaseLogger } from "fastify";

/**
 * The level the server logs at: the Global setting, or only warnings and errors when logging is
 * off. LOG_LEVEL=silent (the test default) keeps a process quiet whatever is stored.
 */
export function effectiveLogLevel(settings: GlobalSettings, startupLevel: string): string {
  if (startupLevel === "silent") return "silent";
  if (!settings.enableLogging) return settings.logLevel === "error" ? "error" : "warn";
  return settings.logLevel;
}

/** pino children made per request inherit the root's level from now on */
export function applyLogLevel(log: FastifyBaseLogger, settings: GlobalSettings, startupLevel: string) {
  const level = effectiveLogLevel(settings, startupLevel);
  if (log.level !== level) log.level = level;
}
