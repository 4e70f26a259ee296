import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, CreateOperatorRequest, UpdateOperatorRequest, VerifyRequest } from '@mawingu/contracts/admin/access';
import {
  acceptInvitationCall,
  changeOwnPasswordCall,
  companyAuditCall,
  companyAuditCsvCall,
  createOperatorCall,
  loginCall,
  operatorsCall,
  platformAuditCall,
  platformAuditCsvCall,
  resendInvitationCall,
  resetOperatorTotpCall,
  setOperatorPasswordCall,
  updateOperatorCall,
  verifyCall,
} from '@mawingu/contracts/admin/access-calls';
import { callUrl, fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';

/** The two login steps: they run before there is a session, so no query cache. */
export const consoleAuth = {
  login: (email: string, password: string) => fetchCall(loginCall, { body: { email, password } }, inConsole),
  verify: (body: VerifyRequest) => fetchCall(verifyCall, { body }, inConsole),
  acceptInvitation: (token: string, password: string) => fetchCall(acceptInvitationCall, { body: { token, password } }, inConsole),
};

export const operatorsKey = ['admin', 'access', 'operators'] as const;

export function useOperators(filter: { companyId?: number | null; q?: string }) {
  const query = { companyId: filter.companyId || undefined, q: filter.q };
  return useQuery({
    queryKey: [...operatorsKey, query],
    queryFn: () => fetchCall(operatorsCall, { query }, inConsole),
    placeholderData: keepPreviousData,
  });
}

export function useOperatorMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: operatorsKey });
  return {
    create: useMutation({
      mutationFn: (body: CreateOperatorRequest) => fetchCall(createOperatorCall, { body }, inConsole),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateOperatorRequest }) =>
        fetchCall(updateOperatorCall, { params: { id }, body }, inConsole),
      onSuccess: refresh,
    }),
    resendInvitation: useMutation({
      mutationFn: (id: number) => fetchCall(resendInvitationCall, { params: { id } }, inConsole),
      onSuccess: refresh,
    }),
    resetTotp: useMutation({
      mutationFn: (id: number) => fetchCall(resetOperatorTotpCall, { params: { id } }, inConsole),
      onSuccess: refresh,
    }),
    setPassword: useMutation({
      mutationFn: ({ id, password }: { id: number; password: string }) =>
        fetchCall(setOperatorPasswordCall, { params: { id }, body: { password } }, inConsole),
      onSuccess: refresh,
    }),
  };
}

/** The signed-in operator changes their own password (their other sessions end; this one stays). */
export function useChangeOwnPassword() {
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => fetchCall(changeOwnPasswordCall, { body }, inConsole) });
}

export type AuditFilters = { action: string; operator: string; q: string; from: string; to: string; page: number };

/** The CSV export of the entries the filters select: one company's, or (companyId null, owner) every company's. */
export function auditCsvUrl(companyId: number | null, { page: _page, ...filters }: AuditFilters): string {
  return companyId === null
    ? callUrl(platformAuditCsvCall, { query: filters })
    : callUrl(companyAuditCsvCall, { params: { companyId }, query: filters });
}

/** One company's audit log, or (companyId null, owner) the platform's. */
export function useAuditLog(companyId: number | null, filters: AuditFilters) {
  return useQuery({
    queryKey: ['admin', 'access', 'audit', companyId, filters],
    queryFn: () =>
      companyId === null
        ? fetchCall(platformAuditCall, { query: filters }, inConsole)
        : fetchCall(companyAuditCall, { params: { companyId }, query: filters }, inConsole),
    placeholderData: keepPreviousData,
  });
}
