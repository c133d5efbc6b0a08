// A WooCommerce product export of `products` variable products with 3 variations each (4 rows a
// product), every other one with its variations before it, in the exporter's columns. Variations name
// their parent by SKU as the exporter writes it, every third by id:N as it does for a parent without one.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

const HEADER =
  'ID,Type,SKU,Name,Published,"Is featured?","Visibility in catalog","Short description",Description,"In stock?",Stock,"Sale price","Regular price",Categories,Tags,Images,Parent,Position,"Attribute 1 name","Attribute 1 value(s)","Attribute 1 visible","Attribute 1 global"';
const SIZES = ['2 mg', '5 mg', '10 mg'];

export async function writeBigWooCommerce(file, products) {
  const out = createWriteStream(file);
  out.write(`${HEADER}\n`);
  for (let p = 0; p < products; p++) {
    const id = 1_000_000 + p * 4;
    const parent = `${id},variable,HX-${p},"Research peptide ${p}",1,0,visible,"Lyophilised.","<p>Lot ${p}, for research use only.</p>",1,,,,"Peptides > Recovery, Bestsellers","bench, peptide","https://cdn.example.com/${p}.jpg, https://cdn.example.com/${p}-b.jpg",,0,Size,"${SIZES.join(', ')}",1,1\n`;
    const variations = SIZES.map(
      (size, k) =>
        `${id + k + 1},variation,HX-${p}-${k},"Research peptide ${p} - ${size}",1,0,visible,,,1,${(p + k) % 50},,${(10 + k * 5 + (p % 100) / 100).toFixed(2)},,,,${p % 3 ? `HX-${p}` : `id:${id}`},${k + 1},Size,"${size}",,1\n`,
    ).join('');
    if (!out.write(p % 2 ? variations + parent : parent + variations)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
