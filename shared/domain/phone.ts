/**
 * Formats a US phone number as (xxx) xxx-xxxx, with partial forms while typing:
 * up to 3 digits stay bare so deleting back through the area code never gets stuck.
 */
export function formatPhone(input: string): string {
  const digits = input
    .replace(/[^a-zA-Z0-9]/g, '')
    .replace(/\D/g, '')
    .slice(0, 10);
  if (digits.length < 4) return digits;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
