import { useEffect, useState } from 'react';
import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LegalEntitiesReply } from '@mawingu/contracts/admin/legal-entities';
import { ApiError } from '../../../api/api-error.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useSaveRegionSellers } from './legal-entities-api.ts';
import { SectionForm } from './section-form.tsx';

const COMPANY = 'company';

/** Which entity sells in each region; "the company itself" keeps the company's own details and series. */
export function RegionSellersForm({ companyId, entities, regions }: { companyId: number } & LegalEntitiesReply) {
  const { t } = useTranslation('adminCompanies');
  const save = useSaveRegionSellers(companyId);
  const saved = Object.fromEntries(regions.map((r) => [r.id, r.legalEntityId === null ? COMPANY : String(r.legalEntityId)]));
  const [chosen, setChosen] = useState<Record<number, string>>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const savedKey = JSON.stringify(saved);
  useEffect(() => setChosen(JSON.parse(savedKey) as Record<number, string>), [savedKey]);
  const dirty = regions.some((r) => chosen[r.id] !== saved[r.id]);
  const options = [
    { value: COMPANY, label: t('entities.companyItself') },
    ...entities.map((e) => ({ value: String(e.id), label: e.name })),
  ];

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = {
      regions: regions.map((r) => ({ regionId: r.id, legalEntityId: chosen[r.id] === COMPANY ? null : Number(chosen[r.id]) })),
    };
    try {
      await save.mutateAsync(body);
      showSuccessToast(t('entities.sellersSaved'));
    } catch (err) {
      const fields = err instanceof ApiError ? (err.fieldErrors ?? {}) : {};
      // "regions.2.legalEntityId" → under the third region's select.
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [String(body.regions[Number(k.split('.')[1])]?.regionId), v])));
      showErrorToast(err instanceof Error ? err.message : t('saveFailed'));
    }
  };

  return (
    <SectionForm
      title={t('entities.sellersTitle')}
      description={t('entities.sellersIntro')}
      onSubmit={submit}
      dirty={dirty}
      saving={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {regions.map((region) => (
          <Select
            key={region.id}
            label={t('entities.sellerOf', { region: region.name, currency: region.currency })}
            data={options}
            allowDeselect={false}
            value={chosen[region.id] ?? COMPANY}
            onChange={(value) => setChosen((c) => ({ ...c, [region.id]: value ?? COMPANY }))}
            error={errors[String(region.id)]}
          />
        ))}
      </SimpleGrid>
    </SectionForm>
  );
}
