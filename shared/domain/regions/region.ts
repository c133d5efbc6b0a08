/** One subdivision of a country: its ISO 3166-2 code (the part after "US-"), its name, and other names it goes by. */
export interface Region {
  code: string;
  name: string;
  aliases: readonly string[];
}

/** `[code, name, ...other names]` rows into regions, so each list reads as a table. */
export const regions = (rows: readonly (readonly [string, string, ...string[]])[]): Region[] =>
  rows.map(([code, name, ...aliases]) => ({ code, name, aliases }));
