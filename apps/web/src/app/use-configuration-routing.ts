import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCompanyConfigurationQuery } from '../api/company/get-company-configuration.ts';
import { routeForConfiguration } from './configuration-route.ts';

/**
 * Keeps the visitor on the status page while the latest answer says maintenance or not
 * registered, whatever link they follow; the status pages ask again and release them. Placeholder
 * data from storage never routes.
 */
export function useConfigurationRouting(): void {
  const query = useCompanyConfigurationQuery();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const reply = query.isPlaceholderData ? undefined : query.data;

  useEffect(() => {
    if (!reply) return;
    const target = routeForConfiguration(reply);
    if (target && target.toLowerCase() !== pathname.toLowerCase()) void navigate(target, { replace: true });
  }, [reply, pathname, navigate]);
}
