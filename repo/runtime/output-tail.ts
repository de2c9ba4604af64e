/** The bounded tail of a command's output stream: what a failure shows, whatever was printed. */
import type { Writable } from 'node:stream';

/** The last `limit` bytes of a stream, in chunks: memory stays bounded whatever is printed. */
export class Tail {
  private chunks: Buffer[] = [];
  private kept = 0;
  total = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.limit <= 0) return;
    const piece = chunk.length > this.limit ? chunk.subarray(chunk.length - this.limit) : chunk;
    this.chunks.push(piece);
    this.kept += piece.length;
    while (this.kept - this.chunks[0]!.length >= this.limit) this.kept -= this.chunks.shift()!.length;
  }

  /** The tail as text; a character cut in half at the start is dropped rather than mangled. */
  text(): string {
    let bytes = Buffer.concat(this.chunks);
    if (bytes.length > this.limit) bytes = bytes.subarray(bytes.length - this.limit);
    let start = 0;
    // Skip UTF-8 continuation bytes (10xxxxxx) left over from a cut character.
    while (this.total > bytes.length && start < Math.min(3, bytes.length) && (bytes[start]! & 0xc0) === 0x80) start++;
    return bytes.subarray(start).toString('utf8');
  }
}

/**
 * Keep `source`'s output in `tail` and pass it on to `target` (when there is one), calling
 * `onOutput` on every chunk. A target that cannot keep up pauses the source until it drains,
 * instead of buffering without bound (a slow terminal).
 */
export function pipeOutput(source: NodeJS.ReadableStream | null, tail: Tail, target: Writable | undefined, onOutput?: () => void): void {
  source?.on('data', (chunk: Buffer) => {
    tail.push(chunk);
    onOutput?.();
    if (target && !target.write(chunk)) {
      source.pause();
      target.once('drain', () => source.resume());
    }
  });
}
