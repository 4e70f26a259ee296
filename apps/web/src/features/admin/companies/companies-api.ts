import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompanyDocument,
  CompanySettings,
  CreateCompanyRequest,
  UpdateCompanySettingsRequest,
} from '@mawingu/contracts/admin/companies';
import {
  companySettingsCall,
  createCompanyCall,
  siteTextsCall,
  updateSiteTextsCall,
  updateCompanySettingsCall,
  uploadDocumentCall,
  uploadLogoCall,
  uploadVideoCall,
} from '@mawingu/contracts/admin/companies-calls';
import type { SiteTexts } from '@mawingu/contracts/site-texts';
import { fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';
import { consoleCompaniesKey } from '../shell/use-console-companies.ts';

export const settingsKey = (companyId: number) => ['admin', 'companies', companyId, 'settings'] as const;

/** The company's whole configuration (owner and admin). */
export function useCompanySettings(companyId: number) {
  return useQuery({
    queryKey: settingsKey(companyId),
    queryFn: () => fetchCall(companySettingsCall, { params: { companyId } }, inConsole),
  });
}

/** After a change: the page shows the saved settings; the picker and list re-read the names. */
function useSettingsSaved(companyId: number) {
  const queryClient = useQueryClient();
  return (settings: CompanySettings) => {
    queryClient.setQueryData(settingsKey(companyId), settings);
    void queryClient.invalidateQueries({ queryKey: consoleCompaniesKey, exact: true });
  };
}

/** PUT settings with one or more sections. */
export function useUpdateSettings(companyId: number) {
  const saved = useSettingsSaved(companyId);
  return useMutation({
    mutationFn: (body: UpdateCompanySettingsRequest) => fetchCall(updateCompanySettingsCall, { params: { companyId }, body }, inConsole),
    onSuccess: saved,
  });
}

export type UploadTarget = { kind: 'logo' } | { kind: 'video' } | { kind: 'document'; document: CompanyDocument };

const upload = (companyId: number, target: UploadTarget, form: FormData) => {
  if (target.kind === 'document')
    return fetchCall(uploadDocumentCall, { params: { companyId, document: target.document }, body: form }, inConsole);
  return fetchCall(target.kind === 'logo' ? uploadLogoCall : uploadVideoCall, { params: { companyId }, body: form }, inConsole);
};
const uploadField = (target: UploadTarget) => (target.kind === 'document' ? 'file' : target.kind);

/** Uploads a logo, video or PDF; the API checks the bytes and answers with the new settings. */
export function useUploadFile(companyId: number) {
  const saved = useSettingsSaved(companyId);
  return useMutation({
    mutationFn: ({ target, file }: { target: UploadTarget; file: File }) => {
      const form = new FormData();
      form.append(uploadField(target), file);
      return upload(companyId, target, form);
    },
    onSuccess: saved,
  });
}

/** Owner: creates a company; the picker then lists it. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCompanyRequest) => fetchCall(createCompanyCall, { body }, inConsole),
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsKey(settings.id), settings);
      await queryClient.invalidateQueries({ queryKey: consoleCompaniesKey, exact: true });
    },
  });
}

const siteTextsKey = (companyId: number) => ['admin', 'companies', companyId, 'site-texts'] as const;

/** The brand's own texts of its public site (issue 17, point 1). */
export function useSiteTexts(companyId: number) {
  return useQuery({
    queryKey: siteTextsKey(companyId),
    queryFn: () => fetchCall(siteTextsCall, { params: { companyId } }, inConsole),
  });
}

export function useUpdateSiteTexts(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texts: SiteTexts) => fetchCall(updateSiteTextsCall, { params: { companyId }, body: { texts } }, inConsole),
    onSuccess: (saved) => queryClient.setQueryData(siteTextsKey(companyId), saved),
  });
}
