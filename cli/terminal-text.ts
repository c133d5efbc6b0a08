/**
 * Control characters a terminal would act on: C0 but newline and tab, DEL, and the C1 controls
 * (U+009B is a one-character CSI). Stored text holding them could clear the screen, retitle the
 * window or plant a link that lies about its target.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

const escaped = (char: string) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** Text for a terminal: each control character shown as `\xNN` (ESC as `\x1b`), newlines and tabs kept. */
export function visible(text: string): string {
  return text.replace(CONTROLS, escaped);
}

const NOT_JSON_ESCAPED = /[\u007f-\u009f]/g;

/** JSON.stringify escapes C0 controls but leaves DEL and C1 raw; this escapes them too (same value). */
export function escapeJsonControls(json: string): string {
  return json.replace(NOT_JSON_ESCAPED, (char) => `\\u00${char.charCodeAt(0).toString(16)}`);
}
