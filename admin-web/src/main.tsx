import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { shopConfig } from '../../shared/web/firebase-web-app.js';
import { App } from './app.js';
import './styles.css';

// Ask for the config at once (not when a module is imported, so tests importing components stay
// offline): the first API call waits for it to know whether to send App Check tokens.
shopConfig().catch(() => {});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
