import { type CommandGroup, examples } from '../group.js';

/** The `mail` group: list and send. */
export const mailGroup: CommandGroup = (program, act) => {
  const mail = program.command('mail').description('the outbox of order and contact e-mails');
  mail
    .command('list')
    .description('e-mails in the outbox, oldest first: pending, sent, or failed (given up on)')
    .option('--status <status>', 'only pending, sent or failed ones')
    .addHelpText('after', examples('mail list --status failed', 'mail list --json'))
    .action(act(async () => (await import('./mail.js')).listMail));
  mail
    .command('send')
    .description('send the e-mails due now (the running shop does it on its own, retrying with backoff)')
    .addHelpText('after', examples('mail send'))
    .action(act(async () => (await import('./mail.js')).sendMail));
};
