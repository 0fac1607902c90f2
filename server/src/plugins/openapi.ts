import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { API_TOKEN_PREFIX, scopeNeeded } from "../services/api-tokens.js";
import { SESSION_COOKIE } from "../services/sessions.js";

/** the body of every error answer (plugins/errors.ts) */
const errorAnswer = {
  type: "object",
  required: ["message", "errors"],
  properties: {
    message: { type: "string", description: "em português, para mostrar ao utilizador" },
    errors: {
      type: "array",
      items: {
        type: "object",
        properties: { path: { type: "string" }, message: { type: "string" } },
      },
    },
  },
};

const PUBLIC = new Set(["POST /api/login", "POST /api/login/two-factor", "GET /api/health"]);
/** a public route's own 401: not a missing session */
const PUBLIC_401: Record<string, string> = {
  "POST /api/login/two-factor": "Código inválido ou já usado, ou verificação expirada",
};
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** the errors a route may answer, read from what it declares: its schemas, its path, its method */
function errorsOf(method: string, url: string, schema: Record<string, unknown> | undefined) {
  const errors: Record<number, string> = {};
  if (schema?.body || schema?.querystring || schema?.params || url.includes(":")) {
    errors[400] = "Dados inválidos (a mensagem diz qual campo)";
  }
  if (!PUBLIC.has(`${method} ${url}`)) errors[401] = "Não autenticado";
  else if (PUBLIC_401[`${method} ${url}`]) errors[401] = PUBLIC_401[`${method} ${url}`];
  if (url.startsWith("/api/admin")) errors[403] = "Acesso negado: só administradores";
  else if (MUTATING.has(method)) errors[403] = "Origem do pedido não permitida (pedido de outro site)";
  if (url.includes(":")) errors[404] = "Não encontrado (ou não é seu)";
  if (MUTATING.has(method)) errors[413] = "Pedido demasiado grande";
  errors[429] = "Demasiados pedidos";
  errors[500] = "Erro interno do servidor";
  errors[503] = "Base de dados indisponível de momento";
  // a change refused below the free-space floors, or that found the disk full (plugins/disk-guard.ts)
  if (MUTATING.has(method)) errors[507] = "Sem espaço em disco no servidor";
  return Object.fromEntries(
    Object.entries(errors).map(([code, description]) => [code, { description, ...errorAnswer }]),
  );
}

/**
 * The success answer of the routes that declare none because they answer no JSON: a file (CSV
 * exports, backups), a picture (photos, receipts) or the live-update stream
 */
function successOf(url: string, declared: Record<string, unknown>): Record<string, unknown> {
  if (Object.keys(declared).some((code) => code.startsWith("2"))) return {};
  const body = (mediaType: string, description: string) => ({
    200: { description, content: { [mediaType]: { schema: { type: "string", format: "binary" } } } },
  });
  if (url === "/api/events") return body("text/event-stream", "Eventos ao vivo (server-sent events)");
  if (/photo|receipt|image|avatar/.test(url)) return body("image/*", "A imagem");
  if (/export|csv/.test(url)) return body("text/csv", "O ficheiro CSV (UTF-8 com BOM)");
  return body("application/octet-stream", "O ficheiro");
}

type Security = { security: Record<string, string[]>[]; description?: string };

/** who may call a route: the session, and a token when its scope allows it (said in the text) */
function byToken(method: string, url: string, schema: Record<string, unknown>): Security {
  const scope = scopeNeeded(method, url);
  if (!scope) return { security: [{ session: [] }] };
  const said = typeof schema.description === "string" ? `${schema.description}\n\n` : "";
  return {
    security: [{ session: [] }, { token: [] }],
    description: `${said}Com token: âmbito \`${scope}\`.`,
  };
}

/**
 * The OpenAPI document of the API, generated from the zod schemas the routes declare (no second
 * description to keep in step): GET /api/openapi.json, and a readable page at /api/docs. Both sit
 * behind the session like the rest of /api.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Stock Monitor API",
        version: "1",
        description:
          "Monitores, inventário, vendas e definições de um utilizador. Os erros respondem " +
          "`{ message, errors }` com a mensagem em português.",
      },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
          token: {
            type: "http",
            scheme: "bearer",
            description:
              `Token pessoal criado em Configurações → API (\`Authorization: Bearer ${API_TOKEN_PREFIX}…\`). Cada ` +
              "operação diz o âmbito que pede (read, monitors, books, admin); as que não o dizem só " +
              "aceitam a sessão do browser.",
          },
        },
      },
      security: [{ session: [] }],
    },
    transform: (input) => {
      const { url } = input;
      const method = [input.route.method].flat()[0] ?? "GET";
      if (!url.startsWith("/api/") || url.startsWith("/api/docs") || url === "/api/openapi.json") {
        return { schema: { ...input.schema, hide: true }, url };
      }
      const transformed = jsonSchemaTransform(input);
      const schema = (transformed.schema ?? {}) as Record<string, unknown>;
      const declared = (schema.response ?? {}) as Record<string, unknown>;
      const security: Security = PUBLIC.has(`${method} ${url}`)
        ? { security: [] }
        : byToken(method, url, schema);
      return {
        ...transformed,
        schema: {
          ...schema,
          ...security,
          response: {
            ...errorsOf(method, url, input.schema as Record<string, unknown>),
            ...successOf(url, declared),
            ...declared,
          },
        },
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
});
