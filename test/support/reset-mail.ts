import { readOutbox } from './smtp-inbox.js';

/**
 * The /auth/action link in the newest e-mail whose subject starts so that the shop wrote to this
 * address (the embedded shop's outbox folder), once there are more than `after`; waits briefly, as
 * the shop sends in the background.
 */
async function actionLinkMailedTo(dataDir: string, email: string, subject: string, after: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (await readOutbox(dataDir)).filter((m) => m.to === email && m.subject.startsWith(subject));
    const link =
      mails.length > after ? /https?:\/\/\S+\/auth\/action\S+/.exec(mails.at(-1)!.text)?.[0] : undefined;
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No "${subject}…" e-mail reached ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The link in the newest password-reset e-mail the shop wrote to this address. */
export const resetLinkMailedTo = (dataDir: string, email: string, after = 0): Promise<string> =>
  actionLinkMailedTo(dataDir, email, 'Reset your', after);

/** The link in the newest e-mail asking this address to confirm itself. */
export const verificationLinkMailedTo = (dataDir: string, email: string, after = 0): Promise<string> =>
  actionLinkMailedTo(dataDir, email, 'Confirm your e-mail address', after);

/** How many password-reset e-mails the shop wrote to this address so far. */
export async function resetMailCount(dataDir: string, email: string): Promise<number> {
  return (await readOutbox(dataDir)).filter((m) => m.to === email && m.subject.startsWith('Reset your'))
    .length;
}
