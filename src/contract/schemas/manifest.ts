import { z } from 'zod';

/** GET /manifest.json: a web-app manifest plus the portal's feature flags (docs/product.md "Who and where", docs/api.md). */
export const Manifest = z.object({
  name: z.string(),
  short_name: z.string(),
  start_url: z.string(),
  display: z.string(),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string() })),
  logo: z.boolean(),
  loren: z.boolean(),
  loren_selector: z.boolean(),
  group_land_contract: z.boolean(),
});
export type Manifest = z.infer<typeof Manifest>;
