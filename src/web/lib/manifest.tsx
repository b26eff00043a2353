import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

export type PortalManifest = {
  name: string;
  logo: boolean;
  loren: boolean;
  lorenSelector: boolean;
  groupLandContract: boolean;
};

/** What the portal shows when the manifest cannot be read (docs/product.md). */
export const MANIFEST_FALLBACK: PortalManifest = {
  name: 'App',
  logo: false,
  loren: false,
  lorenSelector: false,
  groupLandContract: true,
};

const flag = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);

/** Reads /manifest.json; any failure falls back silently. Names are untrusted text, rendered as text. */
export async function readManifest(): Promise<PortalManifest> {
  try {
    const res = await fetch('/manifest.json');
    if (!res.ok) return MANIFEST_FALLBACK;
    const m = (await res.json()) as Record<string, unknown>;
    return {
      name: typeof m.name === 'string' && m.name.trim() ? m.name : MANIFEST_FALLBACK.name,
      logo: flag(m.logo, false),
      loren: flag(m.loren, false),
      lorenSelector: flag(m.loren_selector, false),
      groupLandContract: flag(m.group_land_contract, true),
    };
  } catch {
    return MANIFEST_FALLBACK;
  }
}

const ManifestContext = createContext<PortalManifest>(MANIFEST_FALLBACK);

export function ManifestProvider({ children }: { children: ReactNode }) {
  const [manifest, setManifest] = useState<PortalManifest>(MANIFEST_FALLBACK);
  useEffect(() => {
    void readManifest().then((m) => {
      setManifest(m);
      document.title = m.name;
    });
  }, []);
  return <ManifestContext.Provider value={manifest}>{children}</ManifestContext.Provider>;
}

export const useManifest = (): PortalManifest => useContext(ManifestContext);
