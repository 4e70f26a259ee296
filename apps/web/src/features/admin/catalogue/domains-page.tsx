import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { domainInput, type DomainInput } from '@mawingu/contracts/admin/catalogue';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useAddDomain, useDeleteDomain, useDomains } from './catalogue-api.ts';
import { ConfirmButton, placeApiErrors, QueryView, SectionHeader, useCatalogueText } from './catalogue-ui.tsx';
import { DataList } from './data-list.tsx';

function AddDomainForm({ suffix }: { suffix: string }) {
  const { t } = useTranslation('adminCatalogue');
  const text = useCatalogueText();
  const companyId = useScopedCompanyId();
  const add = useAddDomain(companyId);
  const form = useForm<DomainInput>({ resolver: zodResolver(domainInput) as never, defaultValues: { domain: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      const added = await add.mutateAsync(values);
      showSuccessToast(t('domains.addedToast', { domain: added.domain }));
      form.reset({ domain: '' });
    } catch (err) {
      placeApiErrors(err, form);
      showErrorToast(text(err instanceof Error ? err.message : String(err)) ?? '');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        {...form.register('domain')}
        label={t('domains.name')}
        description={t('domains.nameHelp', { suffix })}
        rightSection={<span aria-hidden>{suffix}</span>}
        rightSectionWidth={52}
        autoComplete="off"
        spellCheck={false}
        maxLength={67}
        maw={560}
        error={text(form.formState.errors.domain?.message)}
        inputContainer={(input) => (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
            <Button type="submit" loading={add.isPending}>
              {t('domains.add')}
            </Button>
          </Group>
        )}
      />
    </form>
  );
}

/** The names Explore Domain answers "This Domain is already taken." for (the embedded check's list). */
export default function DomainsPage() {
  const { t } = useTranslation('adminCatalogue');
  const companyId = useScopedCompanyId();
  const domains = useDomains(companyId);
  const remove = useDeleteDomain(companyId);
  return (
    <section aria-labelledby="catalogue-domains-title">
      <SectionHeader id="catalogue-domains-title" title={t('domains.title')} description={t('domains.intro')} />
      <QueryView query={domains}>
        {(data) => (
          <Stack gap="lg">
            {data.check === 'rdap' && (
              <Alert color="yellow" variant="light">
                {t('domains.rdapNote')}
              </Alert>
            )}
            <AddDomainForm suffix={data.suffix} />
            <DataList
              rows={data.domains}
              rowKey={(d) => d.id}
              rowLabel={(d) => d.domain}
              empty={t('domains.empty')}
              columns={[{ key: 'domain', label: t('domains.taken'), render: (d) => d.domain }]}
              actions={(d) => (
                <ConfirmButton
                  label={t('domains.free')}
                  ariaLabel={t('domains.freeNamed', { domain: d.domain })}
                  title={t('domains.freeTitle')}
                  question={t('domains.freeQuestion', { domain: d.domain })}
                  confirmLabel={t('domains.free')}
                  onConfirm={async () => {
                    await remove.mutateAsync(d.id);
                    showSuccessToast(t('common.deletedToast'));
                  }}
                />
              )}
            />
            <Text size="xs" c="dimmed">
              {t('domains.note', { suffix: data.suffix })}
            </Text>
          </Stack>
        )}
      </QueryView>
    </section>
  );
}
