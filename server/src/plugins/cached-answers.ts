import { promisify } from "node:util";
import zlib from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { z } from "@common/zod-pt.js";
import type { TableName } from "../db/change-feed.js";
import { ReadCache } from "../db/read-cache.js";
import type { UserRow } from "../services/users.js";
import { currentUser } from "./auth.js";

type Encoding = "br" | "gzip";

/** a serialized answer, and its compressed forms once a client has asked for them */
interface Answer {
  body: Buffer;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** serialized answers of the main reads, see cachedJson */
    answers: ReadCache<Answer>;
  }
}

/** below this, compressing costs more than it saves */
const COMPRESS_FROM_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// brotli's default quality (11) is far slower than it is smaller; 5 is quick and close
const compress = (encoding: Encoding, body: Buffer) =>
  encoding === "br"
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzip(body, { level: 6 });
const encodings = new Negotiator<Encoding | "identity">({
  supportedValues: ["br", "gzip", "identity"],
  cache: new Map(),
});

/**
 * Starts the database's change feed and keeps the answers of the main reads. A write request of
 * this process marks everything changed before its answer leaves, so the client's next read
 * never sees the state before its own write, even on PostgreSQL where notifications arrive a
 * moment after the commit.
 */
export const cachedAnswersPlugin = fp(async (app: FastifyInstance) => {
  const changes = app.database.changes;
  await changes.start();
  app.decorate(
    "answers",
    new ReadCache<Answer>(changes, {
      max: 5_000,
      maxSize: 256 * 1024 * 1024,
      sizeOf: (a) => a.body.length,
      // statistics of "today" and "this month" move with the clock, not only with the tables
      refreshAfterMs: 5_000,
    }),
  );
  app.addHook("onSend", async (request, _reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD") changes.changedAll();
    return payload;
  });
});

/**
 * A GET route (options and handler) whose JSON answer is built once and kept until one of `tables`
 * changes, per user (or `shared` by all users, for answers that do not depend on who asks).
 * `tables` must name every table the answer is read from. Large answers go compressed to clients
 * that accept it (every browser), each form compressed once per answer.
 *
 * The answer leaves as bytes, which Fastify never passes to a response schema's serializer: the
 * `schema` (also declared as the route's 200 answer) is applied here instead, once per built
 * answer, with the serializer's effect: a field it does not name is dropped, a value it refuses
 * is a 500.
 */
export function cachedJson<S extends z.ZodType>(
  app: FastifyInstance,
  tables: readonly TableName[],
  schema: S,
  load: (user: UserRow, request: FastifyRequest) => Promise<z.input<S>>,
  { shared = false } = {},
) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const key = `${shared ? "*" : user.id} ${request.url}`;
    const answer = await app.answers.get(key, tables, async () => ({
      // bytes, not a string: encoded once instead of at every answer
      body: Buffer.from(JSON.stringify(schema.parse(await load(user, request)))),
      encoded: {},
    }));
    reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
    const accepted = request.headers["accept-encoding"];
    const encoding =
      accepted && answer.body.length >= COMPRESS_FROM_BYTES ? encodings.negotiate(accepted) : null;
    if (encoding === "br" || encoding === "gzip") {
      answer.encoded[encoding] ??= compress(encoding, answer.body);
      return reply.header("content-encoding", encoding).send(await answer.encoded[encoding]);
    }
    return reply.send(answer.body);
  };
  return { schema: { response: { 200: schema } }, handler };
}
