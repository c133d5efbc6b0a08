import { readOutbox } from './smtp-inbox.js';

/**
 * The link in the newest password-reset e-mail the shop wrote to this address (the embedded shop's
 * outbox folder); waits briefly, as the shop sends in the background.
 */
export async function resetLinkMailedTo(dataDir: string, email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (await readOutbox(dataDir)).filter(
      (m) => m.to === email && m.subject.startsWith('Reset your'),
    );
    const link =
      mails.length > after ? /https?:\/\/\S+\/auth\/action\S+/.exec(mails.at(-1)!.text)?.[0] : undefined;
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No password-reset e-mail reached ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** How many password-reset e-mails the shop wrote to this address so far. */
export async function resetMailCount(dataDir: string, email: string): Promise<number> {
  return (await readOutbox(dataDir)).filter((m) => m.to === email && m.subject.startsWith('Reset your'))
    .length;
}
