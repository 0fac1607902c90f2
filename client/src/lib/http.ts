import { i18n, translateMessage } from "./i18n";
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface FieldError {
  path: string;
  message: string;
}

/** A non-2xx answer. `message` is "{status}: {text}"; `serverMessage` is the text alone. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly errors: FieldError[] = [],
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = "ApiError";
  }
}

async function readFailure(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: unknown };
    if (body && typeof body.message === "string") {
      return new ApiError(response.status, body.message, Array.isArray(body.errors) ? body.errors : []);
    }
  } catch {
    // not JSON: the raw text is the message
  }
  return new ApiError(response.status, text.trim() || response.statusText || i18n.t("common:unknownError"));
}

async function readBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!text) return undefined as T;
  const type = response.headers.get("content-type") ?? "";
  return (type.includes("json") ? JSON.parse(text) : text) as T;
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw await readFailure(response);
}

/** JSON in, JSON out, cookies always sent; a failure throws an ApiError. */
export async function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers:
      body === undefined
        ? { Accept: "application/json" }
        : { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return readBody<T>(response);
}

/** a GET whose 401 means "nobody logged in": null instead of an error (other failures still throw) */
export async function getOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await apiRequest<T>("GET", url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The text to show a person: the server's own message, or a fallback for unexpected failures. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError)
    return error.serverMessage ? translateMessage(error.serverMessage) : fallback;
  if (error instanceof TypeError) return translateMessage("Sem ligação ao servidor");
  return fallback;
}
