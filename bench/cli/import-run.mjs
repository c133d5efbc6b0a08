// Runs `shop products import` in this process and reports its wall time and the process's peak RSS.
import { runShop } from './shop-run.mjs';

const [dataDir, file] = process.argv.slice(2);
await runShop(['--quiet', '--json', '--data', dataDir, '--init', 'products', 'import', file]);
