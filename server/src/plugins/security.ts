import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import { HttpError } from "../http-error.js";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Security headers on every response, and the CSRF defence (docs/product.md, Accounts): a mutation from a
 * foreign Origin is refused (SameSite cookies do the rest).
 * helmet is built once: @fastify/helmet rebuilt it, parsing the whole policy, on every request.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    // https reaches us only through a trusted proxy (TRUST_PROXY); browsers honour HSTS only there
    if (request.protocol === "https") reply.header("strict-transport-security", "max-age=31536000");
    setSecurityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });

  app.addHook("onRequest", async (request) => {
    if (!MUTATING.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin || origin === "null") {
      if (origin === "null") throw new HttpError(403, "Origem do pedido não permitida");
      return;
    }
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new HttpError(403, "Origem do pedido não permitida");
    }
    const host = request.headers.host;
    if (originHost !== host) throw new HttpError(403, "Origem do pedido não permitida");
  });
});
