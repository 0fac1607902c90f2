import { describe, expect, it } from "vitest";
import { decodeBody } from "./decode-body";

const long = (text: string) => text.repeat(Math.ceil(10_000 / text.length));

describe("decodeBody: the same text as Buffer#toString, by the faster route", () => {
  const cases: [string, Buffer][] = [
    ["short", Buffer.from('{"a":"ção"}')],
    ["ASCII", Buffer.from(long('{"title":"Hoodie","available":true},'))],
    ["Portuguese", Buffer.from(long("Algodão orgânico, corte largo. Tamanho único; preço 29,99 €. "))],
    ["emoji and CJK (4-byte sequences, surrogate pairs)", Buffer.from(long("限定 👟 sneaker 😀 "))],
    ["a byte-order mark", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(long("Sandália "))])],
    [
      "invalid UTF-8 (a cut sequence and a stray continuation byte)",
      Buffer.concat([Buffer.from(long("Calção ")), Buffer.from([0xc3, 0x28, 0x80, 0xe2, 0x82])]),
    ],
  ];
  for (const [name, bytes] of cases)
    it(name, () => {
      expect(decodeBody(bytes)).toBe(bytes.toString("utf8"));
    });
});
