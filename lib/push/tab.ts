/**
 * This page's tab id (lib/push/changes.ts TAB_HEADER): random, made once per page load. From
 * getRandomValues, which works on plain-http origins too (randomUUID needs a secure context).
 */
let id: string | undefined;

export function tabId(): string {
  id ??= Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
  return id;
}
