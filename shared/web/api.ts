import { createApiClient } from '../api/client.js';
import { appCheckToken } from './app-check.js';
import { currentIdToken } from './firebase-auth.js';
import { shopConfig } from './firebase-web-app.js';

// Read the config at once: the first API call needs to know whether to send App Check tokens.
shopConfig().catch(() => {});

/** The apps' API client; sends the ID token whenever a user is signed in, and App Check tokens when on. */
export const api = createApiClient({ getToken: currentIdToken, getAppCheckToken: appCheckToken });
