import { firstToken, isAlnum, isDigit } from './line-scan.js';

/**
 * A line that starts with a network address (issue 30, the tenth capture): a reachability probe's
 * verdict on one host, `192.0.2.10 is unreachable`, `db.example.test is unreachable`, `[2001:db8::1]
 * is unreachable`. The address is the line's first token: an IPv4 dotted quad (with a `:port`), an
 * IPv6 address (bracketed or bare, two colons at least), or a host name of two or more dot-separated
 * labels ending in a letter. Not a sentence whose subject is a word (`code is unreachable`,
 * `statement is unreachable`: a compiler's), nor a file name (`main.c`: its last label is too short to
 * tell apart, so a host name needs a last label of two letters or more and no digit-only label).
 */
export function addressFirst(text: string, from: number, to: number): boolean {
  const [start, end] = firstToken(text, from, to);
  if (end - start < 3) return false;
  let a = start;
  let b = end;
  if (text.charCodeAt(b - 1) === 58) b--;
  if (text.charCodeAt(a) === 91) {
    const close = text.indexOf(']', a);
    if (close < 0 || close >= b) return false;
    return ipv6(text, a + 1, close);
  }
  if (ipv4(text, a, b) || ipv6(text, a, b)) return true;
  return hostName(text, a, b);
}

/** `a.b.c.d` with an optional `:port`. */
function ipv4(text: string, from: number, to: number): boolean {
  let parts = 0;
  let i = from;
  while (i < to) {
    const s = i;
    while (i < to && isDigit(text.charCodeAt(i))) i++;
    if (i === s || i - s > 3) return false;
    parts++;
    if (i === to) break;
    const c = text.charCodeAt(i);
    if (c === 58 && parts === 4) {
      for (let k = i + 1; k < to; k++) if (!isDigit(text.charCodeAt(k))) return false;
      return i + 1 < to;
    }
    if (c !== 46) return false;
    i++;
  }
  return parts === 4;
}

/** Hex digits and colons, two colons at least. */
function ipv6(text: string, from: number, to: number): boolean {
  let colons = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i) | 0x20;
    if (c === 58 || c === 0x3a) colons++;
    else if (!(isDigit(c) || (c >= 97 && c <= 102) || c === 46)) return false;
  }
  return colons >= 2;
}

/** Dot-separated labels of letters, digits and `-`, two at least, the last of two letters or more. */
function hostName(text: string, from: number, to: number): boolean {
  let labels = 0;
  let i = from;
  let lastLetters = true;
  while (i < to) {
    const s = i;
    let letters = true;
    while (i < to && (isAlnum(text.charCodeAt(i)) || text.charCodeAt(i) === 45)) {
      const c = text.charCodeAt(i) | 0x20;
      if (!(c >= 97 && c <= 122)) letters = false;
      i++;
    }
    if (i === s) return false;
    labels++;
    lastLetters = letters && i - s >= 2;
    if (i === to) break;
    if (text.charCodeAt(i) !== 46) return false;
    i++;
  }
  return labels >= 2 && lastLetters;
}
