import { readFile } from 'node:fs/promises';
import type { Config } from '../config.js';
import { projectPath } from './project-files.js';

export const DEFAULT_LOGO = projectPath('src/server/assets/logo.png');

/** The portal's logo for documents, read once; none when the logo is turned off (PORTAL_LOGO). */
export function documentLogo(portal: Config['portal']): () => Promise<Buffer | undefined> {
  let logo: Promise<Buffer | undefined> | undefined;
  return () => (logo ??= portal.logo ? readFile(portal.logoFile ?? DEFAULT_LOGO).catch(() => undefined) : Promise.resolve(undefined));
}
