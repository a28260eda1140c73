// A little-endian byte writer and a bounds-checked reader for small binary
// formats. The reader never reads past its input: a short read throws
// TruncatedInput with the offset, and a format's reader throws MalformedInput
// naming what else is wrong; the format's decoder turns both into its own
// error value.

export class TruncatedInput extends Error {
  constructor(readonly offset: number) {
    super(`truncated at byte ${offset}`);
    this.name = 'TruncatedInput';
  }
}

/** Thrown by a format's reader for input that breaks its layout; the message names the problem. */
export class MalformedInput extends Error {}

/** Varints carry whole numbers up to 2^53 − 1 (exact in a double): at most 8 bytes of 7 bits. */
const MAX_VARINT_BYTES = 8;

export class ByteWriter {
  private bytes = new Uint8Array(256);
  private length = 0;

  u8(value: number): void {
    this.reserve(1)[0] = value;
  }

  u16(value: number): void {
    viewOf(this.reserve(2)).setUint16(0, value, true);
  }

  /** An unsigned integer below 2^24 in three bytes. */
  u24(value: number): void {
    const span = this.reserve(3);
    span[0] = value & 255;
    span[1] = (value >> 8) & 255;
    span[2] = (value >> 16) & 255;
  }

  u32(value: number): void {
    viewOf(this.reserve(4)).setUint32(0, value, true);
  }

  /** Rounds to the nearest float32. */
  f32(value: number): void {
    viewOf(this.reserve(4)).setFloat32(0, value, true);
  }

  /** Rounds to the nearest float64 (that is: exact for a JavaScript number). */
  f64(value: number): void {
    viewOf(this.reserve(8)).setFloat64(0, value, true);
  }

  /** A whole number in [0, 2^53) as LEB128: 7 bits a byte, low first, high bit set on all but the last. */
  varuint(value: number): void {
    let rest = value;
    while (rest >= 128) {
      this.u8((rest % 128) + 128);
      rest = Math.floor(rest / 128);
    }
    this.u8(rest);
  }

  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length).set(bytes);
  }

  /** A copy of what was written. */
  finish(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }

  /** Grows the buffer if needed and returns the next `count` bytes, now counted as written. */
  private reserve(count: number): Uint8Array {
    if (this.length + count > this.bytes.length) {
      const grown = new Uint8Array(Math.max(2 * this.bytes.length, this.length + count));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    const span = this.bytes.subarray(this.length, this.length + count);
    this.length += count;
    return span;
  }
}

export class ByteReader {
  private readonly view: DataView;
  private position = 0;

  constructor(private readonly bytes: Uint8Array) {
    this.view = viewOf(bytes);
  }

  /** Offset of the next byte to read. */
  get offset(): number {
    return this.position;
  }

  get remaining(): number {
    return this.bytes.length - this.position;
  }

  u8(): number {
    return this.view.getUint8(this.advance(1));
  }

  u16(): number {
    return this.view.getUint16(this.advance(2), true);
  }

  u24(): number {
    const start = this.advance(3);
    return this.bytes[start] | (this.bytes[start + 1] << 8) | (this.bytes[start + 2] << 16);
  }

  u32(): number {
    return this.view.getUint32(this.advance(4), true);
  }

  f32(): number {
    return this.view.getFloat32(this.advance(4), true);
  }

  f64(): number {
    return this.view.getFloat64(this.advance(8), true);
  }

  /** A varint as ByteWriter.varuint writes it; throws MalformedInput for one of more than 8 bytes. */
  varuint(): number {
    let value = 0;
    let scale = 1;
    for (let k = 0; k < MAX_VARINT_BYTES; k++) {
      const byte = this.u8();
      value += (byte % 128) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
    throw new MalformedInput(`varint at byte ${this.position - MAX_VARINT_BYTES} is longer than ${MAX_VARINT_BYTES} bytes`);
  }

  /** A view of the next `count` bytes (no copy). */
  raw(count: number): Uint8Array {
    const start = this.advance(count);
    return this.bytes.subarray(start, start + count);
  }

  /** Checks that `count` more bytes exist, moves past them and returns where they start. */
  private advance(count: number): number {
    if (count > this.remaining) throw new TruncatedInput(this.bytes.length);
    const start = this.position;
    this.position += count;
    return start;
  }
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
