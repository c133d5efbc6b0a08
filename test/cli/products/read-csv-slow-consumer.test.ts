import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { readCsvBatches } from '../../../cli/import/read-csv.js';
import { tempDataDir } from '../../support/cli.js';

// A networked store (Firestore) takes real time over each batch, during which the parser goes on
// reading the file; no row may be lost and the reader must not stall.
describe('reading a CSV for a slow consumer', () => {
  const data = tempDataDir('slow-csv');
  afterEach(() => data.remove());

  it('delivers every row, in order, when each batch takes a while to handle', {
    timeout: 20_000,
  }, async () => {
    const file = join(data.dir, 'rows.csv');
    const rows = Array.from({ length: 20_000 }, (_, i) => `Product ${i},${i + 1}`);
    // Several read chunks' worth, so batches end where a chunk does and the parser must be waited for.
    writeFileSync(file, `name,price\n${rows.join('\n')}\n`);
    const seen: string[] = [];
    for await (const batch of readCsvBatches(file, 5000)) {
      seen.push(...batch.map((r) => r.record[0]!));
      await sleep(20);
    }
    expect(seen).toEqual(['name', ...rows.map((r) => r.split(',')[0])]);
  });
});
