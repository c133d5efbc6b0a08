// Applies the fixes in vendor/patches (see vendor/patches/README.md) after `npm install`.
// A production install (--omit=dev) has neither the patched dev dependency nor patch-package: nothing to do.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (existsSync('node_modules/@firestore-emulator/server') && existsSync('node_modules/patch-package')) {
  execFileSync(
    process.execPath,
    ['node_modules/patch-package/index.js', '--patch-dir', 'vendor/patches', '--error-on-fail'],
    { stdio: 'inherit' },
  );
}
