/** Protobuf's wire types, as far as OTLP's trace messages use them. */
export const VARINT = 0;
export const FIXED64 = 1;
export const LENGTH_DELIMITED = 2;
export const FIXED32 = 5;

const TWO_TO_32 = 4294967296;
/** The value of each lower-case or upper-case hex digit, by character code. */
const HEX_VALUES = new Uint8Array(128);
for (let digit = 0; digit < 16; digit++) {
  HEX_VALUES[digit.toString(16).charCodeAt(0)] = digit;
  HEX_VALUES[digit.toString(16).toUpperCase().charCodeAt(0)] = digit;
}
/** A string this short takes at most 126 bytes of UTF-8 (3 per UTF-16 unit): its length fits in one byte. */
const SHORT_STRING = 42;

/**
 * Writes protobuf into one growing buffer, in one pass: a nested message reserves a byte for its length and moves its
 * bytes up when the length takes more.
 */
export class ProtobufWriter {
  private buffer: Buffer;
  private position = 0;

  constructor(initialBytes: number) {
    this.buffer = Buffer.allocUnsafe(Math.max(initialBytes, 64));
  }

  /** The bytes written so far (a view: the writer must not be written to while they are in use). */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.position);
  }

  get length(): number {
    return this.position;
  }

  /** Forgets what was written after `length` bytes (all of it by default), keeping the buffer. */
  reset(length = 0): void {
    this.position = Math.min(length, this.position);
  }

  private room(bytes: number): void {
    if (this.position + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.position + bytes));
    this.buffer.copy(grown, 0, 0, this.position);
    this.buffer = grown;
  }

  tag(field: number, wireType: number): this {
    return this.varint((field << 3) | wireType);
  }

  /** An integer: a negative one as int64 writes it, in ten bytes of two's complement. */
  varint(value: number): this {
    this.room(10);
    const buffer = this.buffer;
    let position = this.position;
    if (value >= 0 && value < TWO_TO_32) {
      let rest = value >>> 0;
      while (rest > 127) {
        buffer[position++] = (rest & 127) | 128;
        rest >>>= 7;
      }
      buffer[position++] = rest;
    } else {
      let rest = BigInt.asUintN(64, BigInt(value));
      while (rest > 127n) {
        buffer[position++] = Number(rest & 127n) | 128;
        rest >>= 7n;
      }
      buffer[position++] = Number(rest);
    }
    this.position = position;
    return this;
  }

  fixed32(value: number): this {
    this.room(4);
    this.buffer.writeUInt32LE(value >>> 0, this.position);
    this.position += 4;
    return this;
  }

  /** A fixed64 given as its low and high 32 bits. */
  fixed64(low: number, high: number): this {
    this.room(8);
    this.buffer.writeUInt32LE(low >>> 0, this.position);
    this.buffer.writeUInt32LE(high >>> 0, this.position + 4);
    this.position += 8;
    return this;
  }

  double(value: number): this {
    this.room(8);
    this.buffer.writeDoubleLE(value, this.position);
    this.position += 8;
    return this;
  }

  /** A string as length-delimited UTF-8. */
  string(value: string): this {
    const length = value.length;
    if (length <= SHORT_STRING) {
      this.room(1 + length * 3);
      const buffer = this.buffer;
      const start = this.position + 1;
      let end = start;
      for (let index = 0; index < length; index++) {
        const code = value.charCodeAt(index);
        if (code > 127) {
          end = start + buffer.write(value, start, "utf8");
          break;
        }
        buffer[end++] = code;
      }
      buffer[this.position] = end - start;
      this.position = end;
      return this;
    }
    const bytes = Buffer.byteLength(value, "utf8");
    this.varint(bytes).room(bytes);
    this.position += this.buffer.write(value, this.position, bytes === length ? "latin1" : "utf8");
    return this;
  }

  /** Bytes given as hex (a trace or span id), as length-delimited bytes, without making them first. */
  hexBytes(hex: string): this {
    const bytes = hex.length >>> 1;
    this.varint(bytes).room(bytes);
    const buffer = this.buffer;
    let position = this.position;
    for (let index = 0; index < hex.length; index += 2) {
      buffer[position++] =
        ((HEX_VALUES[hex.charCodeAt(index)] as number) << 4) | (HEX_VALUES[hex.charCodeAt(index + 1)] as number);
    }
    this.position = position;
    return this;
  }

  /** Bytes as length-delimited. */
  raw(bytes: Uint8Array): this {
    return this.varint(bytes.length).append(bytes);
  }

  /** Bytes already encoded, as they are. */
  append(bytes: Uint8Array): this {
    this.room(bytes.length);
    this.buffer.set(bytes, this.position);
    this.position += bytes.length;
    return this;
  }

  /** Starts a nested message after its tag: the position to give `end`. */
  begin(): number {
    this.room(1);
    return this.position++;
  }

  /** Ends the nested message begun at `start`, writing its length there (moving its bytes up if it takes more). */
  end(start: number): this {
    const length = this.position - start - 1;
    if (length < 128) {
      this.buffer[start] = length;
      return this;
    }
    let extra = 1;
    while (length >= 2 ** (7 * (extra + 1))) extra++;
    this.room(extra);
    this.buffer.copy(this.buffer, start + 1 + extra, start + 1, this.position);
    this.position = start;
    this.varint(length);
    this.position += length;
    return this;
  }
}
