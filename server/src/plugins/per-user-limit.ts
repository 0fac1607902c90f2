import type { FastifyRequest } from "fastify";

/**
 * A route's `config` for @fastify/rate-limit: `max` requests a minute per signed-in user (per
 * address before the session is known), counted under `name` so each route has its own allowance.
 */
export const perUserPerMinute = (name: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: "1 minute",
    keyGenerator: (request: FastifyRequest) => `${name}:${request.user?.id ?? request.ip}`,
  },
});
