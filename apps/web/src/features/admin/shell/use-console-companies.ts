import { useQuery } from '@tanstack/react-query';
import { adminApi } from './admin-api.ts';

export type ConsoleCompany = { id: number; name: string; slug: string };

export const consoleCompaniesKey = ['admin', 'companies'] as const;

/** The companies the operator may work on (the owner: all; others: their own). */
export function useConsoleCompanies() {
  return useQuery({ queryKey: consoleCompaniesKey, queryFn: () => adminApi<ConsoleCompany[]>('GET', '/companies') });
}
