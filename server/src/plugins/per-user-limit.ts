import type { FastifyRequest } from "fastify";
import { HttpError } from "../http-error.js";

/**
 * A route's `config` for @fastify/rate-limit: `max` requests a minute per signed-in user (per
 * address before the session is known), counted under `name` so each route has its own allowance
 * (routes sharing a name share it). `max` may be read per request (a setting); `message` replaces
 * the generic 429 text.
 */
export const perUserPerMinute = (
  name: string,
  max: number | ((request: FastifyRequest) => Promise<number>),
  message?: (max: number) => string,
) => ({
  rateLimit: {
    max: typeof max === "number" ? max : (request: FastifyRequest) => max(request),
    timeWindow: "1 minute",
    keyGenerator: (request: FastifyRequest) => `${name}:${request.user?.id ?? request.ip}`,
    ...(message
      ? {
          errorResponseBuilder: (_request: FastifyRequest, context: { max: number }) =>
            new HttpError(429, message(context.max)),
        }
      : {}),
  },
});
