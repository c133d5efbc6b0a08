/**
 * A name or address that can only mean this machine: localhost and *.localhost (RFC 6761, which
 * browsers resolve themselves, never through DNS), 127.0.0.0/8 and ::1. One trailing dot is allowed.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === '::1' || name === '[::1]') return true;
  if (name === 'localhost' || /^[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost$/.test(name)) return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(name);
  return octets?.slice(1).every((o) => Number(o) <= 255) ?? false;
}
