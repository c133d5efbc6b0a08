import type { AuthService } from '../shared/backend/auth/auth-service.js';
import type { CatalogueIndex } from '../shared/backend/catalogue/catalogue-index.js';
import type { ShopConfig } from '../shared/backend/config.js';
import type { ImageStore } from '../shared/backend/images/port.js';
import type { Payments } from '../shared/backend/payments/payments.js';
import type { Store } from '../shared/backend/store/port.js';
import type { AppCheckVerifier } from './middleware/app-check.js';

/** What the HTTP app is built from; tests pass their own. */
export interface AppDeps {
  config: ShopConfig;
  store: Store;
  images: ImageStore;
  auth: AuthService;
  payments: Payments;
  /**
   * Folders of the built apps and the storefront's server renderer; when absent only the API is served
   * (the hosted function has no admin app). Without a renderer the browser draws every page.
   */
  webDist?: { storefront: string; renderer?: string; admin?: string };
  imagesDir?: string;
  /** Verifies App Check tokens when SHOP_APP_CHECK=enforce; firebase-admin's against the project when absent. */
  appCheck?: AppCheckVerifier;
  /** The catalogue index listings, search and the sitemap are served from; createApp makes one over `store` when absent. */
  catalogue?: CatalogueIndex;
}

/** What routes serving the catalogue are built from: the index is always there. */
export type CatalogueDeps = AppDeps & { catalogue: CatalogueIndex };
