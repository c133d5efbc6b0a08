import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.js';
import { cliEnv, shopInProcess, tempDataDir } from '../support/cli.js';

describe('shop products add on a terminal', () => {
  const data = tempDataDir('prompt');
  afterAll(() => data.remove());

  it('ends plainly with exit 1 and adds nothing when Ctrl-C answers a prompt', async () => {
    const tty = <T extends PassThrough>(stream: T) =>
      Object.assign(stream, { isTTY: true, columns: 100, setRawMode: () => stream });
    const stdin = tty(new PassThrough());
    // like process.stderr, which inquirer's closing cannot end
    const stderr = Object.assign(tty(new PassThrough()), { end: () => stderr });
    let err = '';
    stderr.on('data', (c: Buffer) => {
      err += c.toString();
      if (err.includes('Name')) stdin.write('\x03');
    });
    const code = await main(['node', 'shop', '--data', data.dir, 'products', 'add', '--price', '5'], {
      stdout: new PassThrough(),
      stderr,
      stdin,
      env: cliEnv(),
      cwd: data.dir,
    });
    expect(err).toContain('shop: Cancelled; nothing was changed\n');
    expect(err).not.toContain('force closed');
    expect(code).toBe(1);
    expect(
      JSON.parse((await shopInProcess(data.dir, ['--json', 'products', 'list', '--all'])).stdout),
    ).toEqual([]);
  });
});
