// Reads a WooCommerce export in this process, as the import does (or, with `--csv-only`, only its CSV
// rows once: the baseline), and reports the wall time, the products read and the peak RSS.
import { readCsvBatches } from '../../dist/node/cli/import/read-csv.js';
import { readWooCommerce } from '../../dist/node/cli/import/woocommerce.js';

const [file, mode] = process.argv.slice(2);
const started = performance.now();
let count = 0;
if (mode === '--csv-only') for await (const batch of readCsvBatches(file, 1000)) count += batch.length;
else for await (const batch of readWooCommerce(file)) count += batch.length;
const seconds = (performance.now() - started) / 1000;
process.send({ count, seconds, maxRssKb: process.resourceUsage().maxRSS });
