// A catalogue CSV of `rows` distinct products in the columns `shop products export` writes.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

const CATEGORIES = ['Tissue Repair', 'Metabolic', 'Longevity', 'Cognitive'];

export function benchRow(i) {
  return {
    name: `Research peptide ${i}`,
    price: (900 + (i % 20_000)) / 100,
    description: `Lyophilised powder, lot ${i}, for research use only.`,
    category: CATEGORIES[i % CATEGORIES.length],
    brand: 'Helix Labs',
    stock: i % 10 === 0 ? null : i % 500,
    available: i % 7 !== 0,
  };
}

export async function writeBigCsv(file, rows) {
  const out = createWriteStream(file);
  out.write('name,price,description,category,brand,stock,available,image\r\n');
  for (let i = 0; i < rows; i++) {
    const r = benchRow(i);
    const line = `${r.name},${r.price},"${r.description}",${r.category},${r.brand},${r.stock ?? ''},${r.available},\r\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
