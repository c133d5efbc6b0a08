import { createAdminApiClient } from '../api/admin-client.js';
import { apiTokens } from './api.js';

/** The admin app's API client; in its own module so the storefront's bundle leaves it out. */
export const adminApi = createAdminApiClient(apiTokens);
