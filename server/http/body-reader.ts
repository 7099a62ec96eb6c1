/**
 * Reads a request body in pieces, each into one Buffer of the size asked for: no list of chunks,
 * no concatenated copy. An upload of 10 MB holds 10 MB here, not two or three times that.
 */
export class BodyReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array> | null;
  private pending: Uint8Array | null = null;

  constructor(body: ReadableStream<Uint8Array> | null) {
    this.reader = body?.getReader() ?? null;
  }

  private async next(): Promise<Uint8Array | null> {
    if (this.pending) {
      const chunk = this.pending;
      this.pending = null;
      return chunk;
    }
    if (!this.reader) return null;
    const { done, value } = await this.reader.read();
    return done ? null : value;
  }

  /** The next `size` bytes, or null when the body ends before. */
  async exactly(size: number): Promise<Buffer | null> {
    const out = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const chunk = await this.next();
      if (!chunk) return null;
      const take = Math.min(size - filled, chunk.length);
      out.set(take === chunk.length ? chunk : chunk.subarray(0, take), filled);
      filled += take;
      if (take < chunk.length) this.pending = chunk.subarray(take);
    }
    return out;
  }

  /** Everything left, or null as soon as it passes `maxBytes` (the rest is not read). */
  async rest(maxBytes: number): Promise<Buffer | null> {
    let buffer = Buffer.allocUnsafe(Math.min(maxBytes, 1024 * 1024));
    let size = 0;
    for (let chunk = await this.next(); chunk; chunk = await this.next()) {
      if (size + chunk.length > maxBytes) return null;
      if (size + chunk.length > buffer.length) {
        const grown = Buffer.allocUnsafe(
          Math.min(maxBytes, Math.max(size + chunk.length, buffer.length * 2)),
        );
        buffer.copy(grown, 0, 0, size);
        buffer = grown;
      }
      buffer.set(chunk, size);
      size += chunk.length;
    }
    return buffer.subarray(0, size);
  }

  /** True when nothing is left to read. */
  async isAtEnd(): Promise<boolean> {
    for (let chunk = await this.next(); chunk; chunk = await this.next()) {
      if (chunk.length) {
        this.pending = chunk;
        return false;
      }
    }
    return true;
  }

  /** Stops reading: what is left of the body is not wanted. */
  async cancel(): Promise<void> {
    await this.reader?.cancel().catch(() => undefined);
  }
}
