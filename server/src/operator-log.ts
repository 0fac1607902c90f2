import pino from "pino";

/**
 * What an operator reads in the server's output without opening the database: start and stop, a
 * retailer that blocked us and when it lets us back, a monitor that paused itself, an alert given
 * up. One line per event, never one per check; in Portuguese, like every other line the server
 * prints. pino (Fastify's own logger) writes them as the request log's JSON lines.
 */
export interface OperatorLog {
  info(message: string): void;
  warn(message: string): void;
}

export const silentLog: OperatorLog = { info() {}, warn() {} };

export function createOperatorLog(level: string): OperatorLog {
  return pino({ level });
}
