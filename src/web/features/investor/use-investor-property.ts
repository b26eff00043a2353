import { investorCalls } from '../../lib/investor-calls';
import { useEndpointQuery } from '../../lib/queries';

/**
 * The detail of one property, or null until it has loaded (docs/product.md "Screens"). Keyed by the property, so
 * switching cards never shows the previous one's figures. Failures other than 401/422 (which the API
 * client sends to /) leave the panel empty (docs/product.md "Screens").
 */
export function useInvestorProperty(propertyName: string | null, investorName: string | undefined) {
  const { data } = useEndpointQuery(
    investorCalls.investorProperty,
    { property_name: propertyName ?? '', investor_name: investorName },
    { enabled: propertyName !== null },
  );
  return propertyName !== null ? (data ?? null) : null;
}
