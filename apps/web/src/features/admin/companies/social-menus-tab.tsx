import { useMemo } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
  IconPlus,
  IconWorldWww,
} from '@tabler/icons-react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { COMPANY_LIMITS, menusSection, socialSection, type CompanySettings } from '@mawingu/contracts/admin/companies';
import { listError, RowActions } from './list-row-actions.tsx';
import { SectionForm } from './section-form.tsx';
import { useSectionForm, withinSection } from './use-section-form.ts';
import classes from './companies.module.css';

type SocialValues = CompanySettings['social'];
type MenuValues = CompanySettings['menus'];

const SOCIAL = [
  { key: 'facebook', icon: IconBrandFacebook },
  { key: 'instagram', icon: IconBrandInstagram },
  { key: 'twitter', icon: IconBrandX },
  { key: 'linkedIn', icon: IconBrandLinkedin },
  { key: 'youtube', icon: IconBrandYoutube },
] as const;

function SocialForm({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  const { t } = useTranslation('adminCompanies');
  const values = useMemo(() => ({ ...settings.social }), [settings.social]);
  const { form, submit, saving, formError } = useSectionForm<SocialValues>(companyId, {
    draft: 'social',
    schema: socialSection,
    values,
    toRequest: (v) => ({ social: v }),
    fieldOf: withinSection('social'),
  });
  return (
    <SectionForm
      title={t('social.title')}
      description={t('social.intro')}
      onSubmit={submit}
      dirty={form.formState.isDirty}
      saving={saving}
      formError={formError}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {SOCIAL.map(({ key, icon: Icon }) => (
          <TextInput
            key={key}
            label={t(`social.${key}`)}
            placeholder="https://"
            type="url"
            leftSection={<Icon size={16} aria-hidden />}
            {...form.register(key)}
            error={form.formState.errors[key]?.message}
          />
        ))}
      </SimpleGrid>
    </SectionForm>
  );
}

const menuSchema = z.object(menusSection.shape);

function MenusForm({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  const { t } = useTranslation('adminCompanies');
  const values = useMemo(
    () => ({ wwwUrl: settings.menus.wwwUrl, benefits: settings.menus.benefits.map((m) => ({ ...m })) }),
    [settings.menus],
  );
  const { form, submit, saving, formError } = useSectionForm<MenuValues>(companyId, {
    draft: 'menus',
    schema: menuSchema,
    values,
    toRequest: (v) => ({ menus: v }),
    fieldOf: (field) => (field === 'menus.benefits' ? 'benefits.root' : withinSection('menus')(field)),
  });
  const rows = useFieldArray({ control: form.control, name: 'benefits' });
  const errors = form.formState.errors;
  const full = rows.fields.length >= COMPANY_LIMITS.menuItems;
  return (
    <SectionForm
      title={t('menus.title')}
      description={t('menus.intro')}
      onSubmit={submit}
      dirty={form.formState.isDirty}
      saving={saving}
      formError={formError}
    >
      <TextInput
        label={t('menus.www')}
        description={t('menus.wwwHint')}
        placeholder="https://"
        type="url"
        leftSection={<IconWorldWww size={16} aria-hidden />}
        {...form.register('wwwUrl')}
        error={errors.wwwUrl?.message}
      />
      <Text size="sm" fw={600}>
        {t('menus.benefits')}
      </Text>
      {rows.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('menus.empty')}
        </Text>
      )}
      <Stack gap="sm">
        {rows.fields.map((row, i) => {
          const label = t('menus.rowLabel', { n: i + 1 });
          return (
            <div key={row.id} role="group" aria-label={label} className={`${classes.row} ${classes.menuRow}`}>
              <TextInput
                label={t('menus.name')}
                required
                maxLength={40}
                {...form.register(`benefits.${i}.menuName`)}
                error={errors.benefits?.[i]?.menuName?.message}
              />
              <TextInput
                label={t('menus.link')}
                required
                placeholder="https://"
                type="url"
                {...form.register(`benefits.${i}.redirectUrl`)}
                error={errors.benefits?.[i]?.redirectUrl?.message}
              />
              <RowActions label={label} index={i} onUp={() => rows.move(i, i - 1)} onRemove={() => rows.remove(i)} />
            </div>
          );
        })}
      </Stack>
      {listError(errors.benefits) && (
        <Text size="sm" c="red" role="alert">
          {listError(errors.benefits)}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={full}
          onClick={() => rows.append({ menuName: '', redirectUrl: '' })}
        >
          {t('menus.add')}
        </Button>
      </Group>
    </SectionForm>
  );
}

/** Social links (footer, help page) and the header's www link and Benefits menu. */
export function SocialMenusTab({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  return (
    <Stack gap="lg">
      <SocialForm companyId={companyId} settings={settings} />
      <MenusForm companyId={companyId} settings={settings} />
    </Stack>
  );
}
