/**
 * Text as a person saw it on the terminal: colour and cursor escape sequences removed, and
 * carriage-return overdraws (progress bars, spinners, `\r\n` line ends) resolved to what was
 * left on screen. Applied before classification and where observations are recorded, so
 * neither a rule, a history file nor a report ever sees `\x1b[31m`.
 */

/**
 * ANSI/ECMA-48 escape sequences: CSI (`ESC [` or the 8-bit `\x9b`, parameters, intermediates,
 * final byte), OSC (`ESC ]` … BEL or `ESC \`, e.g. OSC 8 hyperlinks), DCS/SOS/PM/APC strings
 * (`ESC P|X|^|_` … `ESC \`; neither runs past a line end), two-character escapes (`ESC (B`, `ESC =`), and a stray ESC
 * or 8-bit CSI (left in, it would join what follows once the sequence between them is gone: cleaning
 * would not be idempotent, and a second pass — a recorded text classified again — would differ).
 * Each alternative's character classes are disjoint from what follows them, so matching is linear.
 */
const ESCAPES = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b\n]*(?:\x1b\\)?|\x1b[ -/]*[0-~]|\x1b|\x9b/g;

/** True when `text` holds an escape character or a carriage return (the only things to clean). */
function needsCleaning(text: string): boolean {
  return text.indexOf('\x1b') !== -1 || text.indexOf('\r') !== -1 || text.indexOf('\x9b') !== -1;
}

/**
 * `text` without terminal control sequences and with carriage-return overdraws applied: within a
 * line, text after a `\r` overwrites the line from its start, as a terminal shows it
 * (`"10%\r100%"` → `"100%"`, `"a\r\n"` → `"a"`). Pure and linear in the length of `text`; text
 * with neither ESC nor CR is returned as it is (no copy).
 */
export function cleanTerminalText(text: string): string {
  if (!needsCleaning(text)) return text;
  const plain = text.replace(ESCAPES, '');
  return plain.indexOf('\r') === -1 ? plain : overdraw(plain);
}

/** Applies carriage returns line by line. */
function overdraw(text: string): string {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.indexOf('\r') !== -1) lines[i] = overdrawLine(line);
  }
  return lines.join('\n');
}

/**
 * One line's screen content: each `\r`-separated part overwrites the start of what is there.
 * Read from the last part back: position j shows the last part longer than j, so each part
 * contributes only what reaches past every later part. Linear in the line's length.
 */
function overdrawLine(line: string): string {
  const parts = line.split('\r');
  let screen = '';
  for (let p = parts.length - 1; p >= 0; p--) {
    const part = parts[p]!;
    if (part.length > screen.length) screen += part.slice(screen.length);
  }
  return screen;
}
