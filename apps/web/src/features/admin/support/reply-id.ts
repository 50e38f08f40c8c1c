/**
 * The id of one answer being written: chosen once per answer, so a second click (or a retry after
 * a lost response) is the same reply and the API sends one email. getRandomValues works on any
 * origin (randomUUID needs a secure context).
 */
export function newReplyId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `r${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
