import { useEffect, useState } from 'react';
import type { InvestorPropertyResponse } from '../../../contract/investor';
import { getInvestorProperty } from './investor-api';

type Loaded = { propertyName: string; detail: InvestorPropertyResponse };

/**
 * The detail of one property, or null until it has loaded (portal-spec §4). Failures other than 401/422
 * (which the API client sends to /) are ignored: the panel then simply stays empty (§8).
 */
export function useInvestorProperty(propertyName: string | null, investorName: string | undefined) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!propertyName) return;
    let live = true;
    getInvestorProperty(propertyName, investorName).then(
      (detail) => live && setLoaded({ propertyName, detail }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [propertyName, investorName]);
  // Tied to the name it was asked for, so switching cards never shows the previous property's figures.
  return loaded && loaded.propertyName === propertyName ? loaded.detail : null;
}
