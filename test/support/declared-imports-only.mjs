// Module resolution hooks (node:module register) for checking a deployable folder: a package imported
// from a file inside it must be one that the folder's package.json lists, as it is all the cloud installs.
import { builtinModules } from 'node:module';

let folderUrl = '';
let declared = new Set();

export function initialize(data) {
  folderUrl = data.folderUrl;
  declared = new Set(data.dependencies);
}

export async function resolve(specifier, context, next) {
  const bare = !/^(\.|\/|node:|file:|data:)/.test(specifier) && !builtinModules.includes(specifier);
  if (bare && context.parentURL?.startsWith(folderUrl)) {
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    if (!declared.has(name))
      throw new Error(`${context.parentURL} imports ${specifier}, which its package.json does not list`);
  }
  return next(specifier, context);
}
