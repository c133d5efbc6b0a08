import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sanitizeDescriptionReport } from '../../shared/backend/sanitize/description.js';

const SHOPIFY_BODY = readFileSync(
  join(import.meta.dirname, '../fixtures/import/shopify-body-html.html'),
  'utf8',
);

describe('product description sanitiser', () => {
  const { html, removed } = sanitizeDescriptionReport(SHOPIFY_BODY);

  it('keeps what a product description needs: headings, tables, lists, links, figures and https or own images', () => {
    expect(html).toContain('<h1 style="text-align:center">BPC-157 — Research Peptide</h1>');
    expect(html).toContain('<h2>Specifications</h2>');
    expect(html).toContain('<h3>Storage</h3>');
    expect(html).toContain('<caption>Certificate summary</caption>');
    expect(html).toContain('<th scope="col">Property</th>');
    expect(html).toContain('<td>≥ 99% (HPLC)</td>');
    expect(html).toContain('<ol start="2">');
    expect(html).toContain(
      '<img src="https://cdn.shopify.com/s/files/1/0555/files/bpc157-vial.jpg?v=1699999999" alt="BPC-157 vial" width="600" height="600" />',
    );
    expect(html).toContain(
      '<figure><img src="/images/abc123.png" alt="Our own image" /><figcaption>Lot HX-2611 vial</figcaption></figure>',
    );
    expect(html).toContain(
      '<a href="https://helix.example/coa/bpc157.pdf" target="_blank" rel="noopener noreferrer nofollow">Certificate of analysis</a>',
    );
    expect(html).toContain(
      '<a href="mailto:lab@helix.example" rel="noopener noreferrer nofollow">Ask the lab</a>',
    );
  });

  it('removes only what is dangerous or reaches out unasked, leaving no trace of its content', () => {
    expect(html).not.toMatch(
      /<script|dataLayer|<style|product-note|<iframe|onclick|javascript:|tracker\.example|color:|data-mce/i,
    );
  });

  it('lists every kind of thing it removed, for the import report', () => {
    expect(removed).toEqual(
      expect.arrayContaining([
        '<meta> element',
        'data-mce-fragment attribute on <p>',
        'style on <p> other than text-align (text-align: center; color: #333333;)',
        'loading attribute on <img>',
        'border attribute on <table>',
        'cellpadding attribute on <table>',
        'style attribute on <table>',
        '<iframe> element',
        '<script> element',
        '<style> element',
        'onclick attribute on <p>',
        "image from http://tracker.example/pixel.gif (only https or the shop's own images)",
        'link to javascript:void(0) (only http, https and mailto)',
      ]),
    );
    expect(removed).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/<h1>|<table> element|<img> element|target/)]),
    );
  });

  it('reports nothing for a description it keeps as it is', () => {
    expect(
      sanitizeDescriptionReport('<h2>Plain</h2><p>Text with <a href="https://x.example">a link</a></p>')
        .removed,
    ).toEqual([]);
  });
});
