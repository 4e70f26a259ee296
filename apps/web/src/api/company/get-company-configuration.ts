import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { STATUS } from '@mawingu/contracts/envelope';
import type { CompanyConfiguration } from '@mawingu/contracts/company';
import { getCompanyConfigurationCall } from '@mawingu/contracts/company-calls';
import { takeEarlyConfigurationReply } from '../../boot/early-start.ts';
import { readStoredCompanyConfiguration, storeCompanyConfiguration } from '../../lib/storage/company-configuration-storage.ts';
import { checked, requestCall } from '../contract-call.ts';
import { trackRequestEnd, trackRequestStart } from '../pending-requests.ts';
import { siteOrigin } from '../site-origin.ts';

export type CompanyConfigurationReply = Envelope<CompanyConfiguration | null>;

/** The reply of the call index.html started before the app ran, if it got one (boot/early-start.ts). */
async function earlyReply(): Promise<Envelope<unknown> | null> {
  const early = takeEarlyConfigurationReply();
  if (!early) return null;
  trackRequestStart();
  try {
    return await early;
  } finally {
    trackRequestEnd();
  }
}

export async function getCompanyConfiguration(signal?: AbortSignal): Promise<CompanyConfigurationReply> {
  // 200 and 300 (maintenance) both carry the configuration; 300's message is the maintenance text.
  const early = await earlyReply();
  const call = getCompanyConfigurationCall;
  const reply = early ? await checked(call, early) : await requestCall(call, { body: { customerUrl: siteOrigin() } }, { signal });
  // Keep the mirror in step with the server; an unregistered origin must not keep stale branding.
  if (reply.data) storeCompanyConfiguration(reply.data);
  else if (reply.status === STATUS.notFound) storeCompanyConfiguration(null);
  return reply;
}

const COMPANY_CONFIGURATION_KEY = ['company', 'configuration'] as const;

/** Branding from the last visit, shown while the fresh copy loads (never used for routing). */
let lastPlaceholder: CompanyConfigurationReply | undefined;
function storedReply(): CompanyConfigurationReply | undefined {
  const stored = readStoredCompanyConfiguration();
  if (!stored) return undefined;
  // Same object for the same stored value, so components do not re-render for nothing.
  if (lastPlaceholder?.data !== stored) lastPlaceholder = { status: STATUS.ok, message: '', data: stored };
  return lastPlaceholder;
}

export function companyConfigurationQueryOptions() {
  return queryOptions<CompanyConfigurationReply, Error, CompanyConfigurationReply, typeof COMPANY_CONFIGURATION_KEY>({
    queryKey: COMPANY_CONFIGURATION_KEY,
    queryFn: ({ signal }) => getCompanyConfiguration(signal),
    // Read once per visit; the status pages ask for a fresh copy themselves.
    staleTime: Infinity,
    placeholderData: storedReply,
  });
}

type ExtraOptions = { refetchOnMount?: boolean | 'always'; staleTime?: number };

export function useCompanyConfigurationQuery(extra: ExtraOptions = {}) {
  return useQuery({ ...companyConfigurationQueryOptions(), ...extra });
}

/** The configuration to display (also during maintenance), or null. */
export function useCompanyConfiguration(): CompanyConfiguration | null {
  return useCompanyConfigurationQuery().data?.data ?? null;
}
