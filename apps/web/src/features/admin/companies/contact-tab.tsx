import { useMemo } from 'react';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contactSection, type CompanySettings } from '@mawingu/contracts/admin/companies';
import { SectionForm } from './section-form.tsx';
import { useSectionForm, withinSection } from './use-section-form.ts';

type ContactValues = CompanySettings['contact'];

/** Contact details: the footer, the help page and invoices show them; four of them the site requires. */
export function ContactTab({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  const { t } = useTranslation('adminCompanies');
  const values = useMemo(() => ({ ...settings.contact }), [settings.contact]);
  const { form, submit, saving, formError } = useSectionForm<ContactValues>(companyId, {
    draft: 'contact',
    schema: contactSection,
    values,
    toRequest: (v) => ({ contact: v }),
    fieldOf: withinSection('contact'),
  });
  const { errors } = form.formState;
  return (
    <SectionForm
      title={t('contact.title')}
      description={t('contact.intro')}
      onSubmit={submit}
      dirty={form.formState.isDirty}
      saving={saving}
      formError={formError}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('contact.phone')}
          required
          type="tel"
          autoComplete="off"
          {...form.register('contactNo')}
          error={errors.contactNo?.message}
        />
        <TextInput
          label={t('contact.email')}
          required
          type="email"
          autoComplete="off"
          {...form.register('email')}
          error={errors.email?.message}
        />
        <TextInput label={t('contact.officeAddress')} required {...form.register('officeAddress')} error={errors.officeAddress?.message} />
        <TextInput label={t('contact.city')} {...form.register('city')} error={errors.city?.message} />
        <TextInput
          label={t('contact.postalCode')}
          description={t('contact.invoiceHint')}
          {...form.register('postalCode')}
          error={errors.postalCode?.message}
        />
        <TextInput label={t('contact.country')} required {...form.register('country')} error={errors.country?.message} />
        <TextInput
          label={t('contact.vat')}
          description={t('contact.invoiceHint')}
          {...form.register('vatNumber')}
          error={errors.vatNumber?.message}
        />
      </SimpleGrid>
    </SectionForm>
  );
}
