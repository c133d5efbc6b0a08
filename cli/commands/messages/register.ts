import { type CommandGroup, examples } from '../group.js';

/** The `messages` group: list. */
export const messagesGroup: CommandGroup = (program, act) => {
  program
    .command('messages')
    .description('contact-form messages')
    .command('list')
    .description('what shoppers sent through the contact form, newest first')
    .option('--full', 'each whole message instead of a table')
    .addHelpText('after', examples('messages list', 'messages list --full', 'messages list --json'))
    .action(act(async () => (await import('./messages.js')).listMessages));
};
