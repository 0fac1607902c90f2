import fs from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { projectRoot } from "./project-root.js";
import type { Config } from "./config.js";
import type { Resolver } from "./net/address-guard.js";
import type { Database, Db } from "./db/client.js";
import { type BudgetView, budgetView, type EngineHandle, noEngine, OnDemandWork } from "./engine/handle.js";
import { HttpError } from "./http-error.js";
import { authPlugin } from "./plugins/auth.js";
import { cachedAnswersPlugin } from "./plugins/cached-answers.js";
import { diskGuardPlugin } from "./plugins/disk-guard.js";
import { errorsPlugin } from "./plugins/errors.js";
import { metricsPlugin } from "./plugins/metrics.js";
import { openApiPlugin } from "./plugins/openapi.js";
import { securityPlugin } from "./plugins/security.js";
import { routedPath } from "./plugins/routed-path.js";
import { databaseRateLimitStore } from "./plugins/rate-limit-store.js";
import { registerRoutes } from "./routes/index.js";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    engine: EngineHandle;
    /** the engine's work a person waits on: preview, "Testar agora", "Testar webhook" */
    onDemand: OnDemandWork;
    /** the retailers' budgets as the web side shows them (Settings → Sistema, each card's interval) */
    budgets: BudgetView;
    /** every route as "METHOD /path", for the authorization matrix test */
    routeTable: string[];
  }
}

export interface AppDeps {
  database: Database;
  config: Config;
  engine?: EngineHandle;
  /** folder of the built client; omitted in API tests */
  clientDir?: string | null;
  /** the DNS of the modal's on-demand reads; tests give one that answers without the network */
  resolve?: Resolver;
}

export const defaultClientDir = path.join(projectRoot, "dist/client");

/** avatars arrive as data URLs of up to 2 MB decoded (~2.7 MB of base64); the inventory photo routes allow more */
const BODY_LIMIT = 4 * 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.logLevel },
    // one line per request at info would be most of the log and of a cached answer's cost;
    // requests are logged at debug (below), errors by the error handler
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // one hop: the proxy's own X-Forwarded-For entry is the client, earlier (forgeable) ones are not
    trustProxy: deps.config.trustProxy ? (_address: string, hop: number) => hop < 1 : false,
    // a client trickling its body or headers cannot hold a connection open for long; Node checks
    // open connections every 30 s by default, which would let a trickle outlive its timeout
    requestTimeout: deps.config.requestTimeoutMs,
    http: {
      headersTimeout: deps.config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(deps.config.headersTimeoutMs / 4)),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate("db", deps.database.db);
  app.decorate("database", deps.database);
  app.decorate("config", deps.config);
  app.decorate("engine", deps.engine ?? noEngine);
  const onDemand = new OnDemandWork(deps.config, deps.resolve);
  app.decorate("onDemand", onDemand);
  app.decorate("budgets", budgetView(deps.database.db, deps.config.monitorRedirect));
  // closing the server does not wait on a slow retailer or a webhook that hangs: they end as timeouts
  app.addHook("preClose", async () => onDemand.abort());
  app.addHook("onClose", () => onDemand.close());

  const routeTable: string[] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routeTable.push(`${method} ${route.url}`);
    }
  });

  app.addHook("onResponse", (request, reply, done) => {
    request.log.debug(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: reply.elapsedTime },
      "pedido",
    );
    done();
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(cookie);
  // counted in the database: every web process on it shares the limits
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(deps.database.db) });
  await app.register(cachedAnswersPlugin);
  await app.register(authPlugin);
  await app.register(diskGuardPlugin);
  await app.register(metricsPlugin);
  await app.register(openApiPlugin);
  await app.register(registerRoutes);

  const clientDir =
    deps.clientDir === undefined ? (deps.config.clientDir ?? defaultClientDir) : deps.clientDir;
  const hasClient = clientDir !== null && fs.existsSync(path.join(clientDir, "index.html"));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // the built files are named by their content: a browser keeps them and asks again for none
      // (each page load asked for ~40 of them, each answered "not modified")
      setHeaders: (reply, filePath) => {
        if (path.relative(clientDir, filePath).startsWith(`assets${path.sep}`))
          reply.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = routedPath(request);
    if (
      urlPath.startsWith("/api/") ||
      urlPath === "/api" ||
      (request.method !== "GET" && request.method !== "HEAD")
    ) {
      throw new HttpError(404, "Rota não encontrada");
    }
    if (!hasClient) throw new HttpError(404, "Cliente não compilado: execute npm run build");
    // the SPA decides what a path shows (including '404 Page Not Found')
    return reply.type("text/html").sendFile("index.html", { maxAge: 0 });
  });

  return app;
}
