import { regions } from './region.js';

/** ISO 3166-2:CA: the provinces and territories, with their French names. */
export const CA_PROVINCES = regions([
  ['AB', 'Alberta'],
  ['BC', 'British Columbia', 'Colombie-Britannique'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick', 'Nouveau-Brunswick'],
  ['NL', 'Newfoundland and Labrador', 'Terre-Neuve-et-Labrador'],
  ['NS', 'Nova Scotia', 'Nouvelle-Écosse'],
  ['NT', 'Northwest Territories', 'Territoires du Nord-Ouest'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island', 'Île-du-Prince-Édouard'],
  ['QC', 'Quebec', 'Québec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
]);

/** The first letter of the postal codes of each province (Canada Post's postal districts). */
const FIRST_LETTERS: Record<string, string> = {
  NL: 'A',
  NS: 'B',
  PE: 'C',
  NB: 'E',
  QC: 'GHJ',
  ON: 'KLMNP',
  MB: 'R',
  SK: 'S',
  AB: 'T',
  BC: 'V',
  NT: 'X',
  NU: 'X',
  YT: 'Y',
};

/** Whether a postal code (already judged well-formed) is one the province uses, by its first letter. */
export const postalCodeFitsProvince = (province: string, postalCode: string): boolean =>
  (FIRST_LETTERS[province] ?? '').includes(postalCode.charAt(0));
