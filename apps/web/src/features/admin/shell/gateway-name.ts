import { useTranslation } from 'react-i18next';

/**
 * A gateway's name in the operator's language, from the area's own texts (the dashboard's are
 * longer: "Without gateway (bypass)"); an unknown gateway as it came, none as "—".
 */
export function useGatewayName(area: 'adminPayments' | 'adminDashboard') {
  const { t: areaText } = useTranslation(area);
  // Both namespaces have gateway.<key>; their key types do not meet in one signature.
  const t = areaText as unknown as (key: string, options?: { defaultValue: string }) => string;
  return (gateway: string | null) => (gateway ? t(`gateway.${gateway}`, { defaultValue: gateway }) : '—');
}
