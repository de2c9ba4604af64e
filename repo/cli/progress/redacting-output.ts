/**
 * The terminal boundary: everything `recover` prints for a run (its own lines and the command's
 * live output) passes through the same redaction as what it records, so an API key a command
 * prints, or one on its command line, never reaches a terminal or a CI log.
 */
import { Writable } from 'node:stream';
import { redactSecrets, type RedactPatterns } from '../../redact/text.js';
import { StreamRedactor } from '../../redact/stream.js';
import type { ProgressStream } from './reporter.js';

/** How long an unfinished line of the command's output is held for the rest of it to arrive. */
export const HOLD_PARTIAL_LINE_MS = 50;

/** `stream` with every write redacted; `isTTY` and `columns` read through (a resize still counts). */
export function redactingProgressStream(stream: ProgressStream, extra?: RedactPatterns): ProgressStream {
  return {
    write: (text: string) => stream.write(redactSecrets(text, extra)),
    get isTTY() { return stream.isTTY; },
    get columns() { return stream.columns; },
  };
}

/** A Writable for a command's output, and `flush()` to pass on the unfinished line it holds. */
export interface RedactingOutput {
  stream: Writable;
  /** Write the held unfinished line now (before a line of our own, and at the end). */
  flush(): void;
}

/**
 * Forwards a command's output to `target` line by line, redacted (see `StreamRedactor`). An
 * unfinished line (a prompt, a progress bar) is held at most {@link HOLD_PARTIAL_LINE_MS}.
 * Backpressure is kept: the next chunk waits for the target to drain.
 */
export function redactingOutput(target: NodeJS.WritableStream, extra?: RedactPatterns): RedactingOutput {
  const redactor = new StreamRedactor(extra);
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const rest = redactor.flush();
    if (rest.length > 0) target.write(rest);
  };
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (timer) clearTimeout(timer);
      const ready = redactor.push(chunk);
      timer = setTimeout(flush, HOLD_PARTIAL_LINE_MS);
      timer.unref();
      if (ready.length === 0 || target.write(ready)) done();
      else target.once('drain', () => done());
    },
    final(done) {
      flush();
      done();
    },
  });
  return { stream, flush };
}
