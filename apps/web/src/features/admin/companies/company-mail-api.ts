import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyMailSettingsUpdate, CompanyMailTexts, MailDraftInput, MailTextInput } from '@mawingu/contracts/admin/company-mail';
import {
  mailSettingsCall,
  mailTextsCall,
  previewMailCall,
  resetMailTextCall,
  saveMailSettingsCall,
  saveMailTextCall,
  testMailCall,
} from '@mawingu/contracts/admin/company-mail-calls';
import type { Language } from '@mawingu/contracts/languages';
import type { MailTextKey } from '@mawingu/contracts/mail-texts';
import { fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';

const settingsKey = (companyId: number) => ['admin', 'companies', companyId, 'mail'] as const;
const textsKey = (companyId: number) => ['admin', 'companies', companyId, 'mail', 'texts'] as const;

/** The company's sender and SMTP server (the password never comes back, only whether one is stored). */
export const useMailSettings = (companyId: number) =>
  useQuery({ queryKey: settingsKey(companyId), queryFn: () => fetchCall(mailSettingsCall, { params: { companyId } }, inConsole) });

export function useSaveMailSettings(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyMailSettingsUpdate) => fetchCall(saveMailSettingsCall, { params: { companyId }, body }, inConsole),
    onSuccess: (reply) => queryClient.setQueryData(settingsKey(companyId), reply),
  });
}

export const useMailTexts = (companyId: number) =>
  useQuery({ queryKey: textsKey(companyId), queryFn: () => fetchCall(mailTextsCall, { params: { companyId } }, inConsole) });

type Slot = { key: MailTextKey; language: Language };

/** Saving or resetting a text answers with every text: the page shows it at once. */
function useTextsChange<Input>(companyId: number, send: (input: Input) => Promise<CompanyMailTexts>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (reply) => queryClient.setQueryData(textsKey(companyId), reply) });
}

export const useSaveMailText = (companyId: number) =>
  useTextsChange(companyId, ({ key, language, body }: Slot & { body: MailTextInput }) =>
    fetchCall(saveMailTextCall, { params: { companyId, key, language }, body }, inConsole),
  );

export const useResetMailText = (companyId: number) =>
  useTextsChange(companyId, ({ key, language }: Slot) => fetchCall(resetMailTextCall, { params: { companyId, key, language } }, inConsole));

export const usePreviewMail = (companyId: number) =>
  useMutation({ mutationFn: (body: MailDraftInput) => fetchCall(previewMailCall, { params: { companyId }, body }, inConsole) });

export const useTestMail = (companyId: number) =>
  useMutation({ mutationFn: (body: MailDraftInput) => fetchCall(testMailCall, { params: { companyId }, body }, inConsole) });
