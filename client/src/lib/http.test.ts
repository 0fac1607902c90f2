import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, apiRequest, errorMessage, getOrNullOn401 } from "./http";

// a real server on 127.0.0.1 answering the way our API and a proxy in front of it can
let server: http.Server;
let base = "";
const seen: { method?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ method: req.method, contentType: req.headers["content-type"], body });
      const send = (status: number, text: string, type = "application/json") => {
        res.writeHead(status, { "content-type": type });
        res.end(text);
      };
      switch (req.url) {
        case "/ok":
          return send(200, JSON.stringify({ id: 1, name: "Produto" }));
        case "/echo":
          return send(201, body);
        case "/empty":
          res.writeHead(204);
          return res.end();
        case "/json-error":
          return send(
            400,
            JSON.stringify({ message: "Preço inválido", errors: [{ path: "price", message: "x" }] }),
          );
        case "/unauthorized":
          return send(401, JSON.stringify({ message: "Não autenticado" }));
        case "/text-error":
          return send(502, "Bad gateway from proxy", "text/plain");
        case "/bare-error":
          res.writeHead(503);
          return res.end();
        default:
          return send(404, JSON.stringify({ message: "Rota não encontrada" }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("apiRequest", () => {
  it("returns the parsed JSON body", async () => {
    expect(await apiRequest("GET", `${base}/ok`)).toEqual({ id: 1, name: "Produto" });
  });

  it("sends a JSON body with its content type", async () => {
    const result = await apiRequest("POST", `${base}/echo`, { price: "12.50" });
    expect(result).toEqual({ price: "12.50" });
    const last = seen.at(-1)!;
    expect(last.method).toBe("POST");
    expect(last.contentType).toBe("application/json");
  });

  it("sends no content type without a body (the server refuses other bodies)", async () => {
    await apiRequest("POST", `${base}/empty`);
    expect(seen.at(-1)!.contentType).toBeUndefined();
  });

  it("returns undefined for an empty answer", async () => {
    expect(await apiRequest("DELETE", `${base}/empty`)).toBeUndefined();
  });

  it("uses the JSON message: '{status}: {message}'", async () => {
    const error = await apiRequest("PUT", `${base}/json-error`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("400: Preço inválido");
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).errors).toEqual([{ path: "price", message: "x" }]);
    expect(errorMessage(error, "fallback")).toBe("Preço inválido");
  });

  it("uses the raw text when the body is not JSON", async () => {
    await expect(apiRequest("GET", `${base}/text-error`)).rejects.toThrow("502: Bad gateway from proxy");
  });

  it("uses the status text when the body is empty", async () => {
    await expect(apiRequest("GET", `${base}/bare-error`)).rejects.toThrow("503: Service Unavailable");
  });

  it("reports an unreachable server in Portuguese", async () => {
    const error = await apiRequest("GET", "http://127.0.0.1:1/nada").catch((e: unknown) => e);
    expect(errorMessage(error, "fallback")).toBe("Sem ligação ao servidor");
    expect(errorMessage(new Error("x"), "Erro ao fazer login")).toBe("Erro ao fazer login");
  });
});

describe("getOrNullOn401", () => {
  it("reads the answer", async () => {
    expect(await getOrNullOn401(`${base}/ok`)).toEqual({ id: 1, name: "Produto" });
  });

  it("turns a 401 into null, where apiRequest throws it", async () => {
    expect(await getOrNullOn401(`${base}/unauthorized`)).toBeNull();
    await expect(apiRequest("GET", `${base}/unauthorized`)).rejects.toThrow("401: Não autenticado");
  });

  it("still throws other failures", async () => {
    await expect(getOrNullOn401(`${base}/json-error`)).rejects.toThrow("400: Preço inválido");
  });
});
