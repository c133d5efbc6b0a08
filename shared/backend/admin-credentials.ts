import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AdminCredentials {
  email: string;
  password: string;
}

/**
 * The embedded shop's first admin. The password is generated once and kept in the data folder
 * (readable by the owner only) so every start can print how to sign in; it is an emulator account.
 */
export function embeddedAdminCredentials(
  dataDir: string,
  email: string,
  password: string | null,
): AdminCredentials {
  const file = join(dataDir, 'admin-account.json');
  if (password) return { email, password };
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<AdminCredentials>;
    if (saved.email === email && typeof saved.password === 'string')
      return { email, password: saved.password };
  }
  const generated = { email, password: randomBytes(12).toString('base64url') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  return generated;
}
