const PALETTES: Record<string, [string, string]> = {
  'Tissue Repair': ['#0f766e', '#5eead4'],
  'Cosmetic Research': ['#1d4ed8', '#93c5fd'],
  Metabolic: ['#b45309', '#fcd34d'],
  'GH Secretagogues': ['#7c3aed', '#c4b5fd'],
  Longevity: ['#be123c', '#fda4af'],
  Cognitive: ['#0369a1', '#7dd3fc'],
  Melanocortins: ['#a21caf', '#f0abfc'],
  'Endocrine Research': ['#15803d', '#86efac'],
};
const DEFAULT_PALETTE: [string, string] = ['#334155', '#cbd5e1'];

const xml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );

/** A 600×600 SVG of a labelled research vial, coloured by category; made locally, no network. */
export function productImageSvg({
  label,
  dose,
  category,
}: {
  label: string;
  dose: string;
  category: string;
}): string {
  const [dark, light] = PALETTES[category] ?? DEFAULT_PALETTE;
  const fontSize = label.length > 11 ? 30 : 38;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-label="${xml(`${label} ${dose} vial`)}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#f8fafc"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#e2e8f0"/><stop offset="0.35" stop-color="#ffffff"/><stop offset="1" stop-color="#cbd5e1"/></linearGradient>
  </defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <ellipse cx="300" cy="530" rx="150" ry="18" fill="#0f172a" opacity="0.12"/>
  <rect x="228" y="88" width="144" height="58" rx="10" fill="${dark}"/>
  <rect x="244" y="140" width="112" height="30" fill="#94a3b8"/>
  <rect x="200" y="166" width="200" height="360" rx="26" fill="url(#glass)" stroke="#94a3b8" stroke-width="3"/>
  <rect x="214" y="420" width="172" height="92" rx="14" fill="#f1f5f9" opacity="0.9"/>
  <rect x="200" y="236" width="200" height="160" fill="#ffffff" stroke="${dark}" stroke-width="3"/>
  <rect x="200" y="236" width="200" height="34" fill="${dark}"/>
  <text x="300" y="259" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="15" font-weight="700" fill="#ffffff" letter-spacing="2">HELIX</text>
  <text x="300" y="320" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="700" fill="#0f172a">${xml(label)}</text>
  <text x="300" y="356" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="24" fill="${dark}">${xml(dose)}</text>
  <text x="300" y="384" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="11" fill="#475569" letter-spacing="1">RESEARCH USE ONLY</text>
</svg>
`;
}
