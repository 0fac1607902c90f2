/**
 * A local stand-in for a Web Push service (FCM, Mozilla, Apple), reached through MONITOR_REDIRECT.
 * It checks each request as a push service does: a VAPID `Authorization: vapid t=<JWT>, k=<key>`
 * whose ES256 signature verifies with that key and whose audience is the service's origin, and an
 * aes128gcm body; it decrypts the body with the subscriber's keys it was given (http_ece), records
 * the message and answers 201, or 410 for an endpoint marked gone.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";

export interface PushSubscriber {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: crypto.ECDH;
}

export interface PushDelivery {
  path: string;
  status: number;
  error?: string;
  jwt?: { aud: string; exp: number; sub: string };
  message?: Record<string, unknown>;
}

/** a browser's subscription: its own P-256 key pair and auth secret */
export function newSubscriber(endpoint: string): PushSubscriber {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey("base64url"), auth: crypto.randomBytes(16).toString("base64url") },
    ecdh,
  };
}

function verifyVapid(header: string | undefined, audience: string): PushDelivery["jwt"] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error("sem cabeçalho VAPID");
  const [head, payload, signature] = match[1].split(".");
  const key = Buffer.from(match[2], "base64url");
  if (key.length !== 65 || key[0] !== 4) throw new Error("chave VAPID inválida");
  const publicKey = crypto.createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: key.subarray(1, 33).toString("base64url"),
      y: key.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  if (JSON.parse(Buffer.from(head, "base64url").toString()).alg !== "ES256") throw new Error("alg");
  const ok = crypto.verify(
    "sha256",
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("assinatura VAPID inválida");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud}`);
  if (!(claims.exp > Date.now() / 1000)) throw new Error("JWT expirado");
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error("sub");
  return claims;
}

export class FakePushService {
  readonly deliveries: PushDelivery[] = [];
  readonly gone = new Set<string>();
  private readonly subscribers = new Map<string, PushSubscriber>();
  private server: http.Server | null = null;

  /** the audience the JWT must name: the real origin the endpoints are written with */
  constructor(readonly publicOrigin = "https://fcm.googleapis.com") {}

  subscriber(): PushSubscriber {
    const s = newSubscriber(`${this.publicOrigin}/fcm/send/${crypto.randomUUID()}`);
    this.subscribers.set(new URL(s.endpoint).pathname, s);
    return s;
  }

  get accepted(): PushDelivery[] {
    return this.deliveries.filter((d) => d.status === 201);
  }

  async listen(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        const path = new URL(req.url ?? "/", "http://x").pathname;
        const answer = (status: number, d: Omit<PushDelivery, "path" | "status"> = {}) => {
          this.deliveries.push({ path, status, ...d });
          res.writeHead(status);
          res.end();
        };
        const sub = this.subscribers.get(path);
        if (!sub || req.method !== "POST") return answer(404, { error: "endpoint desconhecido" });
        if (this.gone.has(sub.endpoint)) return answer(410, { error: "gone" });
        try {
          const jwt = verifyVapid(req.headers.authorization, this.publicOrigin);
          if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("content-encoding");
          if (!req.headers.ttl) throw new Error("TTL");
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: "aes128gcm",
            privateKey: sub.ecdh,
            authSecret: sub.keys.auth,
          });
          answer(201, { jwt, message: JSON.parse(plain.toString("utf8")) });
        } catch (error) {
          answer(400, { error: String(error) });
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
