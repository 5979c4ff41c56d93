import { randomFillSync } from "node:crypto";

/** The size of the buffer lines are gathered in, and so of most writes to the log's file or pipe. */
export const LOG_BUFFER_BYTES = 64 * 1024;

/** Room enough for a request line's numbers and id (time, status, ms, a generated id). */
const LINE_ROOM = 256;

const HEX = Buffer.from("0123456789abcdef", "latin1");
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Log lines gathered into one buffer and handed to `out` as a whole: when the buffer is full, and when
 * `handOver()` is called (the destination's flush timer, flush, end). `out` must be done with the bytes when it
 * returns (a synchronous write, or a copy): the buffer is reused, so a busy server allocates nothing for its
 * log (decision 0029). pino's lines arrive as strings (`text`); the request line is written piece by piece
 * (`bytes`, `json`, `int`, `tenths`, `uuid`), so writing it allocates nothing on the JavaScript heap either.
 * Lines keep their order: every line of the server goes through the same buffer.
 */
export class LogBuffer {
  private buf = Buffer.allocUnsafe(LOG_BUFFER_BYTES);
  private pos = 0;
  /** random bytes for request ids, 128 ids at a time (as node:crypto's randomUUID caches them) */
  private random = Buffer.allocUnsafe(16 * 128);
  private randomPos = this.random.length;

  constructor(private readonly out: (bytes: Buffer) => void) {}

  /** Hands over the lines gathered so far (none: nothing). */
  handOver() {
    if (this.pos === 0) return;
    const full = this.buf.subarray(0, this.pos);
    this.pos = 0;
    this.out(full); // done with it when it returns: the buffer is written again from the start
  }

  /** A whole line (or lines) as a string, UTF-8 encoded; one too big for the buffer is handed over alone. */
  text(line: string) {
    const most = line.length * 3; // UTF-8 takes at most 3 bytes per UTF-16 code unit
    if (this.pos + most > LOG_BUFFER_BYTES) this.handOver();
    if (most > LOG_BUFFER_BYTES) return this.out(Buffer.from(line, "utf8"));
    this.pos += this.buf.write(line, this.pos, "utf8");
  }

  /** Makes room for a line of about `bytes` bytes, handing over what is gathered when it would not fit. */
  reserve(bytes: number) {
    if (this.pos + bytes + LINE_ROOM > LOG_BUFFER_BYTES) this.handOver();
  }

  /** Bytes made once (a line's fixed parts). */
  bytes(part: Buffer) {
    // a typed array's own copy: Buffer's copy() validates its arguments and makes a view of the source each time
    this.buf.set(part, this.pos);
    this.pos += part.length;
  }

  /** the last epoch-millisecond time written (time()), and its digits */
  private lastTime = -1;
  private timeDigits = Buffer.alloc(24);
  private timeLength = 0;

  /**
   * A time in epoch milliseconds (a non-negative integer), as int() writes it: a busy server writes dozens of
   * lines within one millisecond, so the digits of the last one are kept and copied.
   */
  time(ms: number) {
    if (ms !== this.lastTime) {
      const at = this.pos;
      this.int(ms);
      this.timeLength = this.pos - at;
      this.buf.copy(this.timeDigits, 0, at, this.pos);
      this.lastTime = ms;
      return;
    }
    const digits = this.timeDigits;
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < this.timeLength; i++) buf[pos++] = digits[i]!;
    this.pos = pos;
  }

  /** A non-negative integer in decimal, as JSON writes it. */
  int(n: number) {
    let digits = 1;
    for (let p = 10; p <= n; p *= 10) digits++;
    let end = this.pos + digits;
    this.pos = end;
    do {
      this.buf[--end] = 48 + (n % 10);
      n = Math.floor(n / 10);
    } while (n > 0);
  }

  /** A duration in ms rounded to a tenth (`Math.round(ms * 10) / 10`), as JSON writes that number. */
  tenths(ms: number) {
    const t = Math.round(ms * 10);
    this.int(Math.floor(t / 10));
    if (t % 10 !== 0) {
      this.buf[this.pos++] = 0x2e; // .
      this.buf[this.pos++] = 48 + (t % 10);
    }
  }

  /** A fresh random request id, a version 4 UUID in its usual form, as a JSON string. */
  uuid() {
    if (this.randomPos === this.random.length) {
      randomFillSync(this.random);
      this.randomPos = 0;
    }
    const r = this.random;
    const at = this.randomPos;
    this.randomPos += 16;
    r[at + 6] = (r[at + 6]! & 0x0f) | 0x40; // version 4
    r[at + 8] = (r[at + 8]! & 0x3f) | 0x80; // the RFC 9562 variant
    const buf = this.buf;
    let pos = this.pos;
    buf[pos++] = QUOTE;
    for (let i = 0; i < 16; i++) {
      if (i === 4 || i === 6 || i === 8 || i === 10) buf[pos++] = 0x2d; // -
      const b = r[at + i]!;
      buf[pos++] = HEX[b >> 4]!;
      buf[pos++] = HEX[b & 15]!;
    }
    buf[pos++] = QUOTE;
    this.pos = pos;
  }

  /**
   * A string as JSON writes it. A request's method, path and id are ASCII (Node refuses other bytes in a
   * request line) and nearly always hold nothing JSON escapes, so they are copied as they are; a string that
   * holds anything else is written by JSON.stringify.
   */
  json(s: string) {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === QUOTE || c === BACKSLASH) return this.text(JSON.stringify(s));
    }
    this.buf[this.pos++] = QUOTE;
    this.pos += this.buf.write(s, this.pos, "latin1");
    this.buf[this.pos++] = QUOTE;
  }
}
