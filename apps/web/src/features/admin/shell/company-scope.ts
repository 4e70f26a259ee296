import { useParams } from 'react-router';
import { useOperatorSession } from './operator-session.ts';

/**
 * The company the console works on: the `:companyId` of the page's address; an admin or support
 * operator always works on their own company (the API refuses any other with 404).
 */
export function useCompanyScope(): number | null {
  const { companyId } = useParams();
  const session = useOperatorSession();
  const fromUrl = companyId ? Number(companyId) : NaN;
  if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  return session?.operator.companyId ?? null;
}

/** For pages under /admin/c/:companyId: the company id, which the route guarantees. */
export function useScopedCompanyId(): number {
  const id = useCompanyScope();
  if (id === null) throw new Error('useScopedCompanyId outside /admin/c/:companyId');
  return id;
}
