import { describe, expect, it } from 'vitest';
import { pageDataElement } from '../../web/src/page-data/server-data.js';

describe('the data a server-rendered page carries', () => {
  it('cannot close its script element or open another, whatever a product name holds, and reads back as it was', () => {
    const data = { product: { name: '</script><script>alert(1)</script><!--', note: 'a < b' } };
    const element = pageDataElement(JSON.stringify(data));
    expect(element.match(/<\/script/gi)).toHaveLength(1);
    expect(element).not.toContain('<!--');
    const inner = /^<script type="application\/json" id="page-data">(.*)<\/script>$/s.exec(element)![1]!;
    expect(JSON.parse(inner)).toEqual(data);
  });
});
