import type { CatalogueQueryParams } from '../domain/catalogue-query.js';
import type { NewDiscountInput } from '../domain/discount.js';
import type { NewLotInput } from '../domain/lot-schema.js';
import type { TrackingInput } from '../domain/order.js';
import { DEFAULT_ORDER_QUERY, type OrderListQuery, orderQueryToParams } from '../domain/order-listing.js';
import type { NewProductInput, ProductPatchInput } from '../domain/product.js';
import type { ShippingConfigInput } from '../domain/shipping-rates.js';
import type { StaffRole } from '../domain/staff-role.js';
import type { TaxConfigInput } from '../domain/tax-rates.js';
import type { VariantPatchInput } from '../domain/variant-schema.js';
import type { AuditQueryParams } from './audit-query.js';
import { type ApiAnswer, type ApiClientOptions, createRpc, idParam as id, ok } from './client.js';
import { productETag } from './etag.js';
import { orderWorkflowCalls } from './order-workflow-client.js';
import type { ShopSettingsPatch } from './report-schemas.js';

interface GrantOptions {
  role?: StaffRole;
  confirmSelf?: boolean;
}

import type { ProductBulkRequest } from './product-bulk.js';

/** A lot's fields as the upload form sends them; the certificate goes beside them. */
export type NewLotUpload = Omit<NewLotInput, 'coaUrl'>;

const ifMatch = (version: number | undefined): Record<string, string> =>
  version === undefined ? {} : { 'if-match': productETag(version) };

/** The admin app's calls, typed by the server's routes like the storefront's (client.ts). */
export function createAdminApiClient(options: ApiClientOptions = {}) {
  const { admin } = createRpc(options);
  return {
    orders: {
      /** One page; what the query leaves out is the server's default. */
      list: (query: Partial<OrderListQuery> = {}) =>
        ok(
          admin.orders.$get({
            query: Object.fromEntries(orderQueryToParams({ ...DEFAULT_ORDER_QUERY, ...query })),
          }),
        ),
      get: (orderId: string) => ok(admin.orders[':id'].$get({ param: id(orderId) })),
      markPaid: (orderId: string, reference?: string) =>
        ok(
          admin.orders[':id']['mark-paid'].$post({
            param: id(orderId),
            json: reference ? { reference } : {},
          }),
        ),
      ship: (orderId: string, tracking: TrackingInput) =>
        ok(admin.orders[':id'].ship.$post({ param: id(orderId), json: tracking })),
      cancel: (orderId: string, note?: string) =>
        ok(admin.orders[':id'].cancel.$post({ param: id(orderId), json: note ? { note } : {} })),
      ...orderWorkflowCalls(admin.orders),
    },
    products: {
      /** One page from the catalogue index, unavailable products too (AdminProductPage). */
      list: (query: CatalogueQueryParams & { stock?: string } = {}) => ok(admin.products.$get({ query })),
      get: (productId: string) => ok(admin.products[':id'].$get({ param: id(productId) })),
      create: (input: NewProductInput) => ok(admin.products.$post({ json: input })),
      /** With `ifVersion`, refused (ApiError 412 'stale', details.current) unless still at that version. */
      update: (productId: string, patch: ProductPatchInput, ifVersion?: number) =>
        ok(
          admin.products[':id'].$patch(
            { param: id(productId), json: patch },
            { headers: ifMatch(ifVersion) },
          ),
        ),
      /** One variant's fields; `ifVersion` is the product's version, as for update. */
      updateVariant: (productId: string, variantId: string, patch: VariantPatchInput, ifVersion?: number) =>
        ok(
          admin.products[':id'].variants[':variantId'].$patch(
            { param: { ...id(productId), variantId: encodeURIComponent(variantId) }, json: patch },
            { headers: ifMatch(ifVersion) },
          ),
        ),
      setAvailability: (productId: string, available: boolean, ifVersion?: number) =>
        ok(
          admin.products[':id'].availability.$put(
            { param: id(productId), json: { available } },
            { headers: ifMatch(ifVersion) },
          ),
        ),
      delete: (productId: string) => ok(admin.products[':id'].$delete({ param: id(productId) })),
      /** One action on many products; `results` says, per id, whether it was done (and why not). */
      bulk: (request: ProductBulkRequest) => ok(admin.products.bulk.$post({ json: request })),
    },
    images: {
      /** Sent as multipart/form-data in the field "image"; the server reads the file's type from its bytes. */
      upload: (file: Blob, fileName = 'image') => {
        const form = new FormData();
        form.append('image', file, fileName);
        return ok(admin.images.$post(undefined, { init: { body: form } }));
      },
    },
    lots: {
      /** Every lot, or one product's, most recently tested first. */
      list: (productId?: string) => ok(admin.lots.$get({ query: productId ? { productId } : {} })),
      /**
       * Sent as multipart/form-data with the PDF in the field "coa"; the server checks its bytes are
       * a PDF. `variantId` may be left out for a product with one variant.
       */
      add: (lot: NewLotUpload, coa: Blob, fileName = 'coa.pdf') => {
        const form = new FormData();
        for (const [field, value] of Object.entries(lot))
          if (value !== undefined) form.append(field, String(value));
        form.append('coa', coa, fileName);
        return ok(admin.lots.$post(undefined, { init: { body: form } }));
      },
      remove: (lotNumber: string) =>
        ok(admin.lots[':lotNumber'].$delete({ param: { lotNumber: encodeURIComponent(lotNumber.trim()) } })),
    },
    audit: {
      /**
       * One page of the audit log, newest first; `before` is the previous page's `next`. The filters
       * come as the admin's URL has them, and the server judges them (400 naming a bad one).
       */
      list: (query: Record<string, string>) => ok(admin.audit.$get({ query: query as AuditQueryParams })),
    },
    admins: {
      list: () => ok(admin.admins.$get()),
      /** Full admin unless `role` says; making oneself fulfilment staff must be confirmed with `confirmSelf`. */
      grant: (email: string, { role = 'admin', confirmSelf = false }: GrantOptions = {}) =>
        ok(admin.admins.$post({ json: { email, role }, query: confirmSelf ? { self: 'confirm' } : {} })),
      /** Removing one's own admin access must be confirmed with `confirmSelf`. */
      revoke: (email: string, { confirmSelf = false } = {}) =>
        ok(
          admin.admins[':email'].$delete({
            param: { email: encodeURIComponent(email.trim()) },
            query: confirmSelf ? { self: 'confirm' } : {},
          }),
        ),
    },
    reports: {
      /** UTC days, both included; left out, the 30 days ending today. */
      summary: (range: { from?: string; to?: string } = {}) =>
        ok(admin.reports.summary.$get({ query: range })),
      /** Paid and shipped orders per affiliate over those UTC days. */
      affiliates: (range: { from?: string; to?: string } = {}) =>
        ok(admin.reports.affiliates.$get({ query: range })),
    },
    settings: {
      get: () => ok(admin.settings.$get()),
      update: (patch: ShopSettingsPatch) => ok(admin.settings.$patch({ json: patch })),
      /** Shipping zones and tax rates; each write answers both as now kept. */
      rates: () => ok(admin.settings.rates.$get()),
      setShipping: (config: ShippingConfigInput) => ok(admin.settings.shipping.$put({ json: config })),
      setTax: (config: TaxConfigInput) => ok(admin.settings.tax.$put({ json: config })),
    },
    discounts: {
      list: () => ok(admin.discounts.$get()),
      /** 409 (field `code`) when the code exists; 400 naming each wrong field. */
      create: (discount: NewDiscountInput) => ok(admin.discounts.$post({ json: discount })),
      setActive: (code: string, active: boolean) =>
        ok(
          admin.discounts[':code'].active.$put({
            param: { code: encodeURIComponent(code) },
            json: { active },
          }),
        ),
    },
  };
}

type AdminApiClient = ReturnType<typeof createAdminApiClient>;
export type AdminAccount = ApiAnswer<AdminApiClient['admins']['list']>['admins'][number];
