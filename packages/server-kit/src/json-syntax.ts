/**
 * Finds where a text stops being JSON, to say so by line and column without quoting the text:
 * a request body may hold a secret, and an error message must never show any part of it
 * (`JSON.parse`'s own messages quote the text around the error).
 */

/** Where and why a text is not JSON. */
export interface JsonSyntaxError {
  /** Index of the offending character in the text (its length when the text ends too early). */
  offset: number;
  /** 1-based line of `offset`. */
  line: number;
  /** 1-based column of `offset` in its line, in UTF-16 code units. */
  column: number;
  /** What is wrong, without any of the text: `unexpected character`, `unterminated string`, … */
  reason: string;
}

const OBJECT = 1;
const ARRAY = 2;

/**
 * The first syntax error of `text` as JSON (RFC 8259, as `JSON.parse` reads it), or `undefined`
 * when it is valid JSON. Iterative and linear: any nesting depth, any length.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const failure = scan(text);
  return failure && { offset: failure.offset, ...lineAndColumn(text, failure.offset), reason: failure.reason };
}

/** `line N, column M` of an error, for messages. */
export function describeJsonPosition(error: Pick<JsonSyntaxError, 'line' | 'column'>): string {
  return `line ${error.line}, column ${error.column}`;
}

type Failure = { offset: number; reason: string };

function scan(text: string): Failure | undefined {
  const containers: number[] = [];
  const end = text.length;
  let at = skipSpace(text, 0);
  let expectValue = true;
  for (;;) {
    if (expectValue) {
      if (at >= end) {
        return { offset: end, reason: 'unexpected end of the body' };
      }
      const char = text.charCodeAt(at);
      if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
        at = skipSpace(text, at + 1);
        const close = char === 0x7b ? 0x7d : 0x5d;
        if (text.charCodeAt(at) === close) {
          at++;
          expectValue = false;
        } else if (char === 0x7b) {
          containers.push(OBJECT);
          const key = memberKey(text, at);
          if ('reason' in key) {
            return key;
          }
          at = key.next;
        } else {
          containers.push(ARRAY);
        }
      } else {
        const value = scalar(text, at);
        if ('reason' in value) {
          return value;
        }
        at = value.next;
        expectValue = false;
      }
      continue;
    }
    at = skipSpace(text, at);
    const container = containers[containers.length - 1];
    if (container === undefined) {
      return at < end ? { offset: at, reason: 'unexpected data after the JSON value' } : undefined;
    }
    if (at >= end) {
      return { offset: end, reason: 'unexpected end of the body' };
    }
    const char = text.charCodeAt(at);
    if (char === 0x2c /* , */) {
      at = skipSpace(text, at + 1);
      if (container === OBJECT) {
        const key = memberKey(text, at);
        if ('reason' in key) {
          return key;
        }
        at = key.next;
      }
      expectValue = true;
    } else if (char === (container === OBJECT ? 0x7d : 0x5d)) {
      containers.pop();
      at++;
    } else {
      return { offset: at, reason: container === OBJECT ? 'expected , or }' : 'expected , or ]' };
    }
  }
}

/** A member name and its colon; `next` is where the value starts. */
function memberKey(text: string, at: number): { next: number } | Failure {
  if (at >= text.length) {
    return { offset: at, reason: 'unexpected end of the body' };
  }
  if (text.charCodeAt(at) !== 0x22 /* " */) {
    return { offset: at, reason: 'expected a property name in double quotes' };
  }
  const key = string(text, at);
  if ('reason' in key) {
    return key;
  }
  const colon = skipSpace(text, key.next);
  if (colon >= text.length) {
    return { offset: colon, reason: 'unexpected end of the body' };
  }
  if (text.charCodeAt(colon) !== 0x3a /* : */) {
    return { offset: colon, reason: 'expected : after a property name' };
  }
  return { next: skipSpace(text, colon + 1) };
}

function scalar(text: string, at: number): { next: number } | Failure {
  const char = text.charCodeAt(at);
  if (char === 0x22) {
    return string(text, at);
  }
  if (char === 0x2d /* - */ || isDigit(char)) {
    return number(text, at);
  }
  for (const literal of ['true', 'false', 'null']) {
    if (text.startsWith(literal, at)) {
      return { next: at + literal.length };
    }
  }
  return { offset: at, reason: 'unexpected character' };
}

function string(text: string, start: number): { next: number } | Failure {
  let at = start + 1;
  while (at < text.length) {
    const char = text.charCodeAt(at);
    if (char === 0x22) {
      return { next: at + 1 };
    }
    if (char < 0x20) {
      return { offset: at, reason: 'control character in a string (escape it)' };
    }
    if (char === 0x5c /* \ */) {
      const escaped = text.charCodeAt(at + 1);
      if (escaped === 0x75 /* u */) {
        for (let digit = at + 2; digit < at + 6; digit++) {
          if (!isHexDigit(text.charCodeAt(digit))) {
            return { offset: at, reason: 'invalid escape sequence in a string' };
          }
        }
        at += 6;
        continue;
      }
      if (at + 1 >= text.length) {
        return { offset: text.length, reason: 'unterminated string' };
      }
      if (!'"\\/bfnrt'.includes(text.charAt(at + 1))) {
        return { offset: at, reason: 'invalid escape sequence in a string' };
      }
      at += 2;
      continue;
    }
    at++;
  }
  return { offset: text.length, reason: 'unterminated string' };
}

function number(text: string, start: number): { next: number } | Failure {
  let at = start;
  if (text.charCodeAt(at) === 0x2d) {
    at++;
  }
  if (text.charCodeAt(at) === 0x30 /* 0 */) {
    at++;
  } else if (isDigit(text.charCodeAt(at))) {
    at = digits(text, at);
  } else {
    return { offset: at, reason: 'invalid number' };
  }
  if (text.charCodeAt(at) === 0x2e /* . */) {
    if (!isDigit(text.charCodeAt(at + 1))) {
      return { offset: at + 1, reason: 'invalid number' };
    }
    at = digits(text, at + 1);
  }
  const exponent = text.charCodeAt(at);
  if (exponent === 0x65 /* e */ || exponent === 0x45 /* E */) {
    at++;
    const sign = text.charCodeAt(at);
    if (sign === 0x2b /* + */ || sign === 0x2d) {
      at++;
    }
    if (!isDigit(text.charCodeAt(at))) {
      return { offset: at, reason: 'invalid number' };
    }
    at = digits(text, at);
  }
  return { next: at };
}

function digits(text: string, start: number): number {
  let at = start;
  while (isDigit(text.charCodeAt(at))) {
    at++;
  }
  return at;
}

function isDigit(char: number): boolean {
  return char >= 0x30 && char <= 0x39;
}

function isHexDigit(char: number): boolean {
  return isDigit(char) || (char >= 0x41 && char <= 0x46) || (char >= 0x61 && char <= 0x66);
}

function skipSpace(text: string, start: number): number {
  let at = start;
  for (;;) {
    const char = text.charCodeAt(at);
    if (char !== 0x20 && char !== 0x09 && char !== 0x0a && char !== 0x0d) {
      return at;
    }
    at++;
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
