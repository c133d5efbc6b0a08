import { useState } from 'react';
import toast from 'react-hot-toast';
import { useParams, useSearchParams } from 'react-router-dom';
import { clampLineQuantity } from '../../../shared/domain/cart.js';
import { MAX_LINE_QUANTITY } from '../../../shared/domain/constants.js';
import { formatPrice } from '../../../shared/domain/money.js';
import type { Product } from '../../../shared/domain/product.js';
import { initialVariant, isVariantBuyable, lineTitle, type Variant } from '../../../shared/domain/variant.js';
import { ADDED_TO_CART_TOAST, useCart } from '../cart/cart-context.js';
import { VARIANT_PARAM } from '../catalogue/product-href.js';
import { LoadFailed } from '../layout/load-failed.js';
import { NotFound } from '../layout/not-found.js';
import { usePageTitle } from '../layout/use-page-title.js';
import { CurrentLot } from './current-lot.js';
import { PriceTierList } from './price-tier-list.js';
import { ProductGallery, ProductTags } from './product-gallery.js';
import { ProductPlaceholder } from './product-placeholder.js';
import { SpecTable } from './spec-table.js';
import { useProduct } from './use-product.js';
import { useProductLots } from './use-product-lots.js';
import { pickOption } from './variant-choice.js';
import { VariantPicker } from './variant-picker.js';

export function ProductPage() {
  const { productId = '' } = useParams();
  const { data: product, error, mutate } = useProduct(productId);
  // Asked for beside the product, and waited for, so the current lot does not push the page down.
  const lots = useProductLots(productId);
  if (error) return <LoadFailed what="The product" onRetry={() => void mutate()} />;
  if (product === undefined || (lots.data === undefined && !lots.error)) return <ProductPlaceholder />;
  if (product === null || !product.available) {
    return <NotFound title="Product not found" detail="This product does not exist or is no longer sold." />;
  }
  return <ProductDetail product={product} />;
}

function stockText(variant: Variant): string {
  if (!variant.available) return 'Unavailable';
  if (variant.stock === 0) return 'Out of stock';
  return variant.stock === null ? 'In stock' : `In stock: ${variant.stock} available`;
}

function ProductDetail({ product }: { product: Product }) {
  usePageTitle(product.name);
  const [params, setParams] = useSearchParams();
  // The URL holds the choice, so back/forward and a shared link show the same size.
  const variant = initialVariant(product, params.get(VARIANT_PARAM));
  const choose = (next: Variant) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(VARIANT_PARAM, next.id);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  if (!variant) return <NotFound title="Product not found" detail="This product is not sold in any size." />;
  return (
    <article className="grid gap-8 md:grid-cols-2">
      <ProductGallery product={product} variant={variant} />
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">{product.name}</h1>
        <ProductTags tags={product.tags} />
        <p className="flex items-baseline gap-3 text-2xl text-teal-700" data-testid="variant-price">
          {formatPrice(variant.price)}
          {variant.compareAtPrice !== null && (
            <s className="text-lg text-slate-500">
              <span className="sr-only">was </span>
              {formatPrice(variant.compareAtPrice)}
            </s>
          )}
        </p>
        <PriceTierList price={variant.price} tiers={variant.priceTiers} />
        <VariantPicker
          product={product}
          chosen={variant}
          onPick={(name, value) => choose(pickOption(product, variant, name, value))}
        />
        <p className={isVariantBuyable(variant) ? 'text-emerald-700' : 'text-red-700'}>
          {stockText(variant)}
        </p>
        {isVariantBuyable(variant) && <AddToCart product={product} variant={variant} key={variant.id} />}
        <CurrentLot productId={product.id} variantId={variant.id} />
        <div
          className="prose-sm flex flex-col gap-2 text-slate-700 [&_li]:ml-5 [&_ul]:list-disc"
          // The server sanitises descriptions when they are written (sanitize-html allow-list).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side on every write
          dangerouslySetInnerHTML={{ __html: product.description }}
        />
        <SpecTable specs={product.specs} />
      </div>
    </article>
  );
}

function AddToCart({ product, variant }: { product: Product; variant: Variant }) {
  const cart = useCart();
  const inCart = cart.lines.find((l) => l.id === variant.id)?.quantity ?? 0;
  const maxQuantity = Math.max(0, Math.min(MAX_LINE_QUANTITY, variant.stock ?? MAX_LINE_QUANTITY) - inCart);
  // Kept as typed; clamped when leaving the field or adding, so clearing it to type a number works.
  const [quantity, setQuantity] = useState('1');
  const chosen = () => clampLineQuantity(Number(quantity) || 1, maxQuantity);

  const add = () => {
    const count = chosen();
    cart.add(
      {
        id: variant.id,
        productId: product.id,
        variantId: variant.id,
        options: variant.options,
        name: product.name,
        imgUrl: variant.imgUrl || product.imgUrl,
        price: variant.price,
        ...(variant.priceTiers?.length ? { priceTiers: variant.priceTiers } : {}),
      },
      count,
    );
    toast.success(`Added ${count} × ${lineTitle(product.name, variant.options)} to your cart`, {
      id: ADDED_TO_CART_TOAST,
    });
    setQuantity('1');
  };

  return (
    <>
      <div className="flex items-end gap-3">
        <label className="flex flex-col text-sm">
          Quantity
          <input
            type="number"
            min={1}
            max={Math.max(1, maxQuantity)}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            onBlur={() => setQuantity(String(chosen()))}
            className="w-24 rounded border border-slate-300 px-2 py-1.5"
          />
        </label>
        <button
          type="button"
          onClick={add}
          disabled={maxQuantity < 1}
          className="rounded bg-teal-700 px-5 py-2 font-medium text-white hover:bg-teal-800 disabled:opacity-50"
        >
          Add to cart
        </button>
      </div>
      {maxQuantity < 1 && (
        <p className="text-sm text-slate-600">
          You already have the most you can order of this product in your cart.
        </p>
      )}
    </>
  );
}
