/**
 * The arithmetic of the sale price and fee fields: digits, + - * / . , and parentheses,
 * a comma being a decimal point. A small recursive-descent parser over exact fractions (BigInt),
 * so "0,1+0,2" is 0.30 and nothing is ever handed to eval or Function.
 *
 *   expr   := term (('+' | '-') term)*
 *   term   := factor (('*' | '/') factor)*
 *   factor := ('+' | '-') factor | number | '(' expr ')'
 */

const MAX_LENGTH = 200;
const MAX_DEPTH = 32;

interface Fraction {
  num: bigint;
  den: bigint; // always > 0
}

class InvalidExpression extends Error {}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}

function fraction(num: bigint, den: bigint): Fraction {
  if (den === 0n) throw new InvalidExpression();
  const sign = den < 0n ? -1n : 1n;
  const g = gcd(num, den < 0n ? -den : den);
  return { num: (sign * num) / g, den: (sign * den) / g };
}

const add = (a: Fraction, b: Fraction) => fraction(a.num * b.den + b.num * a.den, a.den * b.den);
const sub = (a: Fraction, b: Fraction) => fraction(a.num * b.den - b.num * a.den, a.den * b.den);
const mul = (a: Fraction, b: Fraction) => fraction(a.num * b.num, a.den * b.den);
const div = (a: Fraction, b: Fraction) => fraction(a.num * b.den, a.den * b.num);

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly text: string) {}

  parse(): Fraction {
    const value = this.expr();
    if (this.pos !== this.text.length) throw new InvalidExpression();
    return value;
  }

  private peek(): string {
    return this.text[this.pos] ?? "";
  }

  private expr(): Fraction {
    let value = this.term();
    while (this.peek() === "+" || this.peek() === "-") {
      const op = this.text[this.pos++];
      const right = this.term();
      value = op === "+" ? add(value, right) : sub(value, right);
    }
    return value;
  }

  private term(): Fraction {
    let value = this.factor();
    while (this.peek() === "*" || this.peek() === "/") {
      const op = this.text[this.pos++];
      const right = this.factor();
      value = op === "*" ? mul(value, right) : div(value, right);
    }
    return value;
  }

  private factor(): Fraction {
    if (++this.depth > MAX_DEPTH) throw new InvalidExpression();
    try {
      const ch = this.peek();
      if (ch === "+" || ch === "-") {
        this.pos++;
        const value = this.factor();
        return ch === "-" ? fraction(-value.num, value.den) : value;
      }
      if (ch === "(") {
        this.pos++;
        const value = this.expr();
        if (this.peek() !== ")") throw new InvalidExpression();
        this.pos++;
        return value;
      }
      return this.number();
    } finally {
      this.depth--;
    }
  }

  private number(): Fraction {
    const match = /^(\d*)(?:[.,](\d*))?/.exec(this.text.slice(this.pos));
    const [token, whole = "", frac = ""] = match ?? [""];
    if (whole === "" && frac === "") throw new InvalidExpression();
    this.pos += token.length;
    return fraction(BigInt(`${whole}${frac}` || "0"), 10n ** BigInt(frac.length));
  }
}

/** round half away from zero to cents and write "12.50" */
function toDecimalText(value: Fraction): string {
  const negative = value.num < 0n;
  const abs = negative ? -value.num : value.num;
  const cents = (abs * 200n + value.den) / (2n * value.den);
  const text = `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
  return negative && cents !== 0n ? `-${text}` : text;
}

/**
 * "2+1,5" → "3.50", "(10-2)/3" → "2.67"; null for anything that is not such arithmetic
 * (letters, empty input, unbalanced parentheses, division by zero, over-long input).
 */
export function evaluateExpression(input: string): string | null {
  if (typeof input !== "string") return null;
  const text = input.replace(/\s+/g, "");
  if (text === "" || text.length > MAX_LENGTH || !/^[\d+\-*/.,()]+$/.test(text)) return null;
  try {
    return toDecimalText(new Parser(text).parse());
  } catch (error) {
    if (error instanceof InvalidExpression) return null;
    throw error;
  }
}

/** what the field shows after blur: the result, or the text as typed when it is not arithmetic */
export function evaluateOrKeep(input: string): string {
  return evaluateExpression(input) ?? input;
}
