import { createHash, randomBytes } from "node:crypto";
import type {
  ApiToken,
  ApiTokenScope,
  CreatedApiToken,
  CreateApiTokenInput,
} from "@common/schemas/api-tokens.js";
import type { Conn } from "../db/client.js";
import { HttpError, notFound } from "../http-error.js";
import { type ApiTokenRow, apiTokensRepository } from "../repositories/api-tokens.js";
import type { UserRow } from "./users.js";

/** what every token starts with: tells a token from a session, and scanners find leaked ones */
export const API_TOKEN_PREFIX = "smt_";
/** more would only hide forgotten tokens */
export const MAX_TOKENS_PER_USER = 20;
/** "last used" is written at most this often per token */
export const TOKEN_TOUCH_EVERY_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const toDto = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiTokenScope[],
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function createApiToken(
  db: Conn,
  user: UserRow,
  input: { name: string; scopes: ApiTokenScope[]; expiresInDays: CreateApiTokenInput["expiresInDays"] },
): Promise<CreatedApiToken> {
  if (input.scopes.includes("admin") && user.role !== "admin") {
    throw new HttpError(403, "Só um administrador pode criar um token com acesso de administração");
  }
  if ((await apiTokensRepository.countForUser(db, user.id)) >= MAX_TOKENS_PER_USER) {
    throw new HttpError(409, `Já tem ${MAX_TOKENS_PER_USER} tokens: revogue um antes de criar outro`);
  }
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await apiTokensRepository.insert(db, {
    userId: user.id,
    name: input.name,
    tokenHash: hashToken(token),
    prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
    scopes: input.scopes,
    expiresAt: input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY_MS) : null,
  });
  return { ...toDto(row), token };
}

export async function listApiTokens(db: Conn, userId: number): Promise<ApiToken[]> {
  return (await apiTokensRepository.listForUser(db, userId)).map(toDto);
}

export async function revokeApiToken(db: Conn, userId: number, id: number): Promise<void> {
  if (!(await apiTokensRepository.delete(db, userId, id))) throw notFound("Token não encontrado");
}

export interface TokenCaller {
  token: ApiTokenRow;
  user: UserRow;
}

/** the live token a request's bearer names, or null (unknown, expired, revoked, account disabled) */
export async function findApiToken(db: Conn, bearer: string): Promise<TokenCaller | null> {
  if (!bearer.startsWith(API_TOKEN_PREFIX)) return null;
  return (await apiTokensRepository.findLiveWithUser(db, hashToken(bearer), new Date())) ?? null;
}

export async function touchApiToken(db: Conn, id: number): Promise<void> {
  await apiTokensRepository.touch(db, id, TOKEN_TOUCH_EVERY_MS);
}

/** the scope a request needs, or null when no token may make it (only a browser session may) */
export function scopeNeeded(method: string, path: string): ApiTokenScope | null {
  // tokens, password, sessions, logout and push devices stay with the person, not their scripts
  if (/^\/api\/(tokens|logout|login|user\/(password|sessions)|push)(\/|$)/.test(path)) return null;
  if (path.startsWith("/api/admin/")) return "admin";
  if (method === "GET" || method === "HEAD") return "read";
  if (/^\/api\/(products|monitor)(\/|$)/.test(path)) return "monitors";
  if (/^\/api\/(inventory|sales)(\/|$)/.test(path)) return "books";
  return null;
}

/** why a token may not make this request, or null when it may */
export function tokenRefusal(caller: TokenCaller, method: string, path: string): string | null {
  const needed = scopeNeeded(method, path);
  if (!needed) return "Esta ação só é possível com sessão iniciada no browser, não com um token";
  if (!caller.token.scopes.includes(needed)) return `Este token não tem a permissão "${needed}"`;
  if (needed === "admin" && caller.user.role !== "admin") return "Acesso negado";
  return null;
}
