import { emulatorHost } from './auth-users.js';
import { TEST_PROJECT_ID } from './constants.js';

export type OobRequestType = 'PASSWORD_RESET' | 'VERIFY_EMAIL' | 'EMAIL_SIGNIN';

interface OobCode {
  email: string;
  requestType: OobRequestType;
  oobCode: string;
  oobLink: string;
}

/**
 * The newest out-of-band code (the "email" Firebase would send) the Auth emulator holds for this
 * address and purpose; waits briefly because the app asks for it asynchronously.
 */
export async function latestOobCode(email: string, requestType: OobRequestType): Promise<OobCode> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${TEST_PROJECT_ID}/oobCodes`);
    const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
    const mine = oobCodes.filter((c) => c.email === email && c.requestType === requestType);
    if (mine.length > 0) return mine.at(-1)!;
    if (Date.now() > deadline) throw new Error(`No ${requestType} code was sent to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
