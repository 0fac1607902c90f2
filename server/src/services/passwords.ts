import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import {
  DEFAULT_PASSWORD_HASH_COST,
  isPowerOfTwo,
  MAX_PASSWORD_HASH_COST,
  passwordHashCost,
} from "../config.js";

const KEY_LENGTH = 64;
/** scrypt's block size; its memory is 128 × N × r bytes */
const BLOCK_SIZE = 8;

/** the cost new hashes take (PASSWORD_HASH_COST, the tests' lower one only with NODE_ENV=test) */
const COST = passwordHashCost();

function scryptAsync(password: string, salt: Buffer, length: number, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password,
      salt,
      length,
      { N: cost, r: BLOCK_SIZE, p: 1, maxmem: 256 * cost * BLOCK_SIZE },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/**
 * Stored as "scrypt$<salt hex>$<hash hex>$<cost>". Hashes written before the cost was stored have
 * three parts and were made at Node's default cost, which they keep.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH, COST);
  return `scrypt$${salt.toString("hex")}$${hash.toString("hex")}$${COST}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex, costText] = stored.split("$");
  if (scheme !== "scrypt" || !saltHex || !hashHex) return false;
  const cost = costText === undefined ? DEFAULT_PASSWORD_HASH_COST : Number(costText);
  // a bad row cannot ask scrypt for gigabytes
  if (!isPowerOfTwo(cost) || cost < 2 || cost > MAX_PASSWORD_HASH_COST) return false;
  const expected = Buffer.from(hashHex, "hex");
  const actual = await scryptAsync(password, Buffer.from(saltHex, "hex"), expected.length, cost);
  return timingSafeEqual(actual, expected);
}

/** a hash to compare against when the user does not exist, so timing does not reveal it */
export const DUMMY_HASH = `scrypt$${"00".repeat(16)}$${"00".repeat(KEY_LENGTH)}$${COST}`;
