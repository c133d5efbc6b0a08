import type { CliContext } from './context.js';
import { OperationError } from './errors.js';
import { visible } from './terminal-text.js';

/** Ctrl-C at a prompt ends the command plainly, instead of with inquirer's "User force closed the prompt". */
async function answered<T>(question: Promise<T>): Promise<T> {
  try {
    return await question;
  } catch (error) {
    if (error instanceof Error && error.name === 'ExitPromptError')
      throw new OperationError('Cancelled; nothing was changed');
    throw error;
  }
}

/** Asks on the terminal (prompts go to stderr, keeping stdout for data); inquirer loads only here. */
async function promptModule(ctx: CliContext) {
  const { createPromptModule } = await import('inquirer');
  return createPromptModule({
    input: ctx.io.stdin as NodeJS.ReadStream,
    output: ctx.io.stderr as NodeJS.WriteStream,
  });
}

export async function askText(
  ctx: CliContext,
  message: string,
  validate: (value: string) => string | true,
): Promise<string> {
  const prompt = await promptModule(ctx);
  const { value } = await answered(
    prompt<{ value: string }>([{ type: 'input', name: 'value', message: visible(message), validate }]),
  );
  return value;
}

export async function askConfirm(ctx: CliContext, message: string): Promise<boolean> {
  const prompt = await promptModule(ctx);
  const { value } = await answered(
    prompt<{ value: boolean }>([
      { type: 'confirm', name: 'value', message: visible(message), default: false },
    ]),
  );
  return value;
}
