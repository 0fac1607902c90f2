import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_HASH_COST, loadConfig, passwordHashCost } from "../config.js";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./passwords.js";

/** a hash as the app wrote them before the cost was stored: three parts, Node's default cost */
function hashWithoutCost(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 64);
  return `scrypt$${salt.toString("hex")}$${hash.toString("hex")}`;
}

describe("password hashes", () => {
  it("a new hash carries the cost it was made at and verifies only its own password", async () => {
    const stored = await hashPassword("palavra-forte");
    const parts = stored.split("$");
    expect(parts[0]).toBe("scrypt");
    expect(parts[3]).toBe(String(passwordHashCost()));
    expect(await verifyPassword("palavra-forte", stored)).toBe(true);
    expect(await verifyPassword("palavra-fraca", stored)).toBe(false);
  });

  it("a hash written before the cost was stored still verifies, at Node's default cost", async () => {
    const stored = hashWithoutCost("antiga-mas-boa");
    expect(stored.split("$")).toHaveLength(3);
    expect(await verifyPassword("antiga-mas-boa", stored)).toBe(true);
    expect(await verifyPassword("antiga-mas-má", stored)).toBe(false);
  });

  it("a hash is checked at its own cost, whatever new hashes take now", async () => {
    const salt = randomBytes(16);
    const hash = scryptSync("outro-custo", salt, 64, { N: 2048 });
    const stored = `scrypt$${salt.toString("hex")}$${hash.toString("hex")}$2048`;
    expect(await verifyPassword("outro-custo", stored)).toBe(true);
    // the same bytes read at another cost are another hash
    expect(await verifyPassword("outro-custo", stored.replace(/\$2048$/, "$4096"))).toBe(false);
  });

  it("a stored cost that is not a power of two, or past the ceiling, is refused without running scrypt", async () => {
    const stored = hashWithoutCost("x");
    for (const cost of ["1000", "abc", "0", String(2 ** 24)])
      expect(await verifyPassword("x", `${stored}$${cost}`)).toBe(false);
  });

  it("the hash for unknown users costs what a real one costs", () => {
    expect(DUMMY_HASH.split("$")[3]).toBe(String(passwordHashCost()));
  });
});

describe("PASSWORD_HASH_COST", () => {
  it("is Node's default unless set, and lower only in the tests", () => {
    expect(passwordHashCost({})).toBe(DEFAULT_PASSWORD_HASH_COST);
    expect(passwordHashCost({ NODE_ENV: "test", PASSWORD_HASH_COST: "1024" })).toBe(1024);
    expect(passwordHashCost({ NODE_ENV: "production", PASSWORD_HASH_COST: "1024" })).toBe(
      DEFAULT_PASSWORD_HASH_COST,
    );
    expect(passwordHashCost({ NODE_ENV: "production", PASSWORD_HASH_COST: "65536" })).toBe(65536);
  });

  it("an operator's wrong value stops the start with a Portuguese reason", () => {
    expect(() => loadConfig({ NODE_ENV: "production", PASSWORD_HASH_COST: "1024" })).toThrow(
      /PASSWORD_HASH_COST: abaixo de 16384 só nos testes/,
    );
    expect(() => loadConfig({ NODE_ENV: "test", PASSWORD_HASH_COST: "3000" })).toThrow(
      /PASSWORD_HASH_COST: deve ser uma potência de 2/,
    );
    expect(loadConfig({ NODE_ENV: "test", PASSWORD_HASH_COST: "1024" })).toBeTruthy();
  });
});
