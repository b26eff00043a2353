import { endpoints } from '../../../contract/endpoints';
import { useEndpointQuery } from '../../lib/queries';

/**
 * The detail of one property, or null until it has loaded (portal-spec §4). Keyed by the property, so
 * switching cards never shows the previous one's figures. Failures other than 401/422 (which the API
 * client sends to /) leave the panel empty (§8).
 */
export function useInvestorProperty(propertyName: string | null, investorName: string | undefined) {
  const { data } = useEndpointQuery(
    endpoints.investorProperty,
    { property_name: propertyName ?? '', investor_name: investorName },
    { enabled: propertyName !== null },
  );
  return propertyName !== null ? (data ?? null) : null;
}
