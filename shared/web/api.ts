import { createApiClient } from '../api/client.js';
import { appCheckToken } from './app-check.js';
import { currentIdToken } from './firebase-auth.js';

/** What every call sends: the ID token whenever a user is signed in, and App Check tokens when on. */
export const apiTokens = { getToken: currentIdToken, getAppCheckToken: appCheckToken };

/** The storefront's API client. */
export const api = createApiClient(apiTokens);
