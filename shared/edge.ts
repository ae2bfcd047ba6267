/**
 * What CloudFront tells the API about the viewer. Behind the distribution, API Gateway's sourceIp is
 * CloudFront's own address, so per-client limits read the viewer's address from this header, which
 * the /api/* origin request policy forwards (infra/constructs/api-edge.ts): `IP:port`, IPv6 unbracketed.
 * Anyone can send it to the execute-api endpoint, so it is believed only beside ORIGIN_SECRET_HEADER.
 */
export const VIEWER_ADDRESS_HEADER = 'CloudFront-Viewer-Address';

/**
 * The header CloudFront adds to every /api/* request it forwards, carrying a secret the stack generates
 * (infra/constructs/origin-secret.ts); CloudFront overwrites any value a viewer sends under this name.
 */
export const ORIGIN_SECRET_HEADER = 'X-Origin-Verify';
/** The functions' environment variable holding that secret; unset (the twin) means never trust the viewer header. */
export const ORIGIN_SECRET_ENV = 'ORIGIN_SECRET';

/** The IP of a CloudFront-Viewer-Address value (`198.51.100.10:46532`, `2001:db8::1:46532`), or null. */
export function viewerIp(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  const colon = text.lastIndexOf(':');
  if (colon <= 0 || !/^\d{1,5}$/.test(text.slice(colon + 1))) return null;
  const ip = text.slice(0, colon);
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (ipv4) return ipv4.slice(1).every((part) => Number(part) <= 255) ? ip : null;
  return /^[0-9a-f:.]+$/i.test(ip) && ip.includes(':') && ip.length <= 45 ? ip.toLowerCase() : null;
}
