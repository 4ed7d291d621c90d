/**
 * Reads little-endian fields through one moving cursor, so decoders never do offset arithmetic
 * by hand (hand-copied offsets are how a decoder ends up reading the wrong field). Reading
 * past the end throws a RangeError naming the field and offset; decoders check lengths first, so
 * that error means a decoder bug, not bad input.
 */

export class Cursor {
  private offset = 0;
  private readonly view: DataView;

  constructor(bytes: DataView | Uint8Array) {
    this.view = bytes instanceof DataView ? bytes : new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Bytes not yet read. */
  get remaining(): number {
    return this.view.byteLength - this.offset;
  }

  get position(): number {
    return this.offset;
  }

  float32(field: string): number {
    return this.view.getFloat32(this.claim(4, field), true);
  }

  uint32(field: string): number {
    return this.view.getUint32(this.claim(4, field), true);
  }

  uint16(field: string): number {
    return this.view.getUint16(this.claim(2, field), true);
  }

  uint8(field: string): number {
    return this.view.getUint8(this.claim(1, field));
  }

  /** Skips bytes whose meaning the protocol does not give. */
  skip(bytes: number, field: string): void {
    this.claim(bytes, field);
  }

  private claim(bytes: number, field: string): number {
    if (this.remaining < bytes) {
      throw new RangeError(`Cannot read ${field}: ${bytes} bytes needed at offset ${this.offset}, ${this.remaining} left`);
    }
    const at = this.offset;
    this.offset += bytes;
    return at;
  }
}

/** Writes little-endian fields through one moving cursor (the encoders' mirror of {@link Cursor}). */
export class WriteCursor {
  private offset = 0;
  private readonly view: DataView;
  readonly bytes: Uint8Array;

  constructor(byteLength: number) {
    this.bytes = new Uint8Array(byteLength);
    this.view = new DataView(this.bytes.buffer);
  }

  float32(value: number): void {
    this.view.setFloat32(this.claim(4), value, true);
  }

  uint32(value: number): void {
    this.view.setUint32(this.claim(4), value, true);
  }

  zeros(bytes: number): void {
    this.claim(bytes);
  }

  private claim(bytes: number): number {
    if (this.offset + bytes > this.bytes.byteLength) {
      throw new RangeError(`Cannot write ${bytes} bytes at offset ${this.offset} of ${this.bytes.byteLength}`);
    }
    const at = this.offset;
    this.offset += bytes;
    return at;
  }
}
