import { isAscii, isUtf8, transcode } from "node:buffer";

/** below this an answer decodes in a few microseconds whichever way */
const FAST_PATH_MIN_BYTES = 4096;

/**
 * A response body as text, the same string `bytes.toString("utf8")` gives, at a third of its cost
 * for large non-ASCII bodies. Node 20's UTF-8 decoder builds a two-byte string character by
 * character (≈ 0.4 ms for a 50 KB Portuguese JSON answer, on the event loop, for every check);
 * ICU's transcode to UTF-16 plus a copy into the string is ≈ 3× faster. Invalid UTF-8 keeps the
 * plain decoder, whose replacement characters are the reference.
 */
export function decodeBody(bytes: Buffer): string {
  if (bytes.length < FAST_PATH_MIN_BYTES || isAscii(bytes) || !isUtf8(bytes)) return bytes.toString("utf8");
  return transcode(bytes, "utf8", "utf16le").toString("utf16le");
}
