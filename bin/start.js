#!/usr/bin/env node
// Starts the embedded shop: Auth emulator, API server, storefront and admin app.
import { startEmbeddedShop } from '../dist/node/server/embedded-shop.js';

let shop;
try {
  shop = await startEmbeddedShop();
} catch (error) {
  console.error(`Could not start the shop: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

let stopping = false;
const shutdown = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the shop…`);
  await shop.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
