import { useQuery } from '@tanstack/react-query';
import { consoleCompaniesCall } from '@mawingu/contracts/admin/companies-calls';
import { fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from './console-door.ts';

export type { ConsoleCompany } from '@mawingu/contracts/admin/companies';

export const consoleCompaniesKey = ['admin', 'companies'] as const;

/** The companies the operator may work on (the owner: all; others: their own). */
export function useConsoleCompanies() {
  return useQuery({ queryKey: consoleCompaniesKey, queryFn: () => fetchCall(consoleCompaniesCall, {}, inConsole) });
}
