import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuditPage,
  ChangePasswordRequest,
  CreateOperatorRequest,
  LoginReply,
  OperatorList,
  OperatorRow,
  UpdateOperatorRequest,
  VerifyReply,
} from '@mawingu/contracts/admin/access';
import { adminApi } from '../shell/admin-api.ts';

/** The two login steps: they run before there is a session, so no query cache. */
export const consoleAuth = {
  login: (email: string, password: string) => adminApi<LoginReply>('POST', '/auth/login', { email, password }),
  verify: (body: { challenge: string; code?: string; recoveryCode?: string }) => adminApi<VerifyReply>('POST', '/auth/verify', body),
};

export const operatorsKey = ['admin', 'access', 'operators'] as const;

export function useOperators(filter: { companyId?: number | null; q?: string }) {
  const params = new URLSearchParams();
  if (filter.companyId) params.set('companyId', String(filter.companyId));
  if (filter.q) params.set('q', filter.q);
  const query = params.toString();
  return useQuery({
    queryKey: [...operatorsKey, query],
    queryFn: () => adminApi<OperatorList>('GET', `/operators${query ? `?${query}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

export function useOperatorMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: operatorsKey });
  return {
    create: useMutation({
      mutationFn: (body: CreateOperatorRequest) => adminApi<OperatorRow>('POST', '/operators', body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateOperatorRequest }) => adminApi<OperatorRow>('PATCH', `/operators/${id}`, body),
      onSuccess: refresh,
    }),
    resetTotp: useMutation({
      mutationFn: (id: number) => adminApi<OperatorRow>('POST', `/operators/${id}/reset-totp`),
      onSuccess: refresh,
    }),
    setPassword: useMutation({
      mutationFn: ({ id, password }: { id: number; password: string }) =>
        adminApi<OperatorRow>('POST', `/operators/${id}/password`, { password }),
      onSuccess: refresh,
    }),
  };
}

/** The signed-in operator changes their own password (their other sessions end; this one stays). */
export function useChangeOwnPassword() {
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => adminApi<null>('POST', '/auth/password', body) });
}

export type AuditFilters = { action: string; operator: string; q: string; from: string; to: string; page: number };

/** One company's audit log, or (companyId null, owner) the platform's. */
export function useAuditLog(companyId: number | null, filters: AuditFilters) {
  const params = new URLSearchParams();
  for (const key of ['action', 'operator', 'q', 'from', 'to'] as const) if (filters[key]) params.set(key, filters[key]);
  params.set('page', String(filters.page));
  const path = companyId === null ? '/audit' : `/companies/${companyId}/audit`;
  return useQuery({
    queryKey: ['admin', 'access', 'audit', companyId, params.toString()],
    queryFn: () => adminApi<AuditPage>('GET', `${path}?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}
