/** The content codings the server sends, best first when the client weighs them equally. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

function weights(header: string): Map<string, number> {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) weight = Number(match[1]);
    }
    q.set(name, Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0);
  }
  return q;
}

/**
 * The coding an `Accept-Encoding` header asks for (RFC 9110 §12.5.3): the highest q-value of br and
 * gzip, br on a tie, `*` standing for any coding not named, q=0 refusing; identity when neither is
 * acceptable or the header is absent.
 */
export function negotiateEncoding(header: string | null | undefined): ContentCoding {
  if (!header) return 'identity';
  const q = weights(header);
  const any = q.get('*') ?? 0;
  const br = q.get('br') ?? any;
  const gzip = q.get('gzip') ?? q.get('x-gzip') ?? any;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}
