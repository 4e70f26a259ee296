import { useMemo, useState } from 'react';
import { Accordion, Button, Group, Text } from '@mantine/core';
import { IconAddressBook, IconUser } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CountryEntry } from '@mawingu/contracts/auth';
import type { UserDetails } from '@mawingu/contracts/profile';
import { profileQueryKey, type UserProfileInfoReply } from '../../../api/profile/get-user-profile-info.ts';
import { useUpdateUserProfile } from '../../../api/profile/update-user-profile.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useAccountText } from '../account-text.ts';
import {
  formValuesOf,
  PROFILE_FIELDS,
  profileFormSchema,
  sectionsOf,
  type ProfileFormOutput,
  type ProfileFormValues,
  type SectionId,
} from '../profile-form-model.ts';
import classes from './account.module.css';
import { BillingAddressFields, PersonalInformationFields } from './profile-fields.tsx';

type ProfileFormProps = { user: UserDetails; countries: CountryEntry[] };

/**
 * Personal Information and Billing Address (spec section 2, account page): Save stays disabled
 * until a field changes; an error, found here or by the server, opens the accordion that holds the
 * failing field. The e-mail is shown read-only and never changed.
 */
export function ProfileForm({ user, countries }: ProfileFormProps) {
  const { t } = useTranslation('account');
  const text = useAccountText();
  const update = useUpdateUserProfile();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string[]>(['personal']);
  const values = useMemo(() => formValuesOf(user), [user]);
  // The form always holds every field as text; the schema also accepts them absent (optional ones).
  const resolver = useMemo(
    () => zodResolver(profileFormSchema(countries)) as unknown as Resolver<ProfileFormValues, unknown, ProfileFormOutput>,
    [countries],
  );
  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver,
    // A refetched profile (after a picture change) refreshes the fields the customer has not edited.
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const reveal = (sections: SectionId[]) => setOpen((current) => [...new Set([...current, ...sections])]);

  const onInvalid = (errors: FieldErrors<ProfileFormValues>) => reveal(sectionsOf(Object.keys(errors)));

  const onValid = async (fields: ProfileFormOutput) => {
    const reply = await update.mutateAsync(fields);
    if (reply.status === 200) {
      showSuccessToast(text(reply.message));
      // The profile as the server keeps it (refetched by the update: spaces collapsed, …) becomes
      // the form's values and baseline, so the fields show what was saved and Save is disabled again.
      const saved = queryClient.getQueryData<UserProfileInfoReply>(profileQueryKey)?.data?.userDetails;
      const next = saved ? formValuesOf(saved) : ({ ...fields, emailID: user.emailID } as ProfileFormValues);
      form.reset(next);
      // The inputs are uncontrolled: reset alone leaves what was typed in them ("  Port   Elizabeth ").
      for (const field of PROFILE_FIELDS) form.setValue(field, next[field]);
      return;
    }
    const fieldErrors = reply.data?.fieldErrors ?? {};
    const failing = PROFILE_FIELDS.filter((field) => fieldErrors[field]);
    for (const field of failing) form.setError(field, { message: fieldErrors[field] });
    reveal(sectionsOf(failing));
    showErrorToast(text(reply.message));
  };

  const onSubmit = form.handleSubmit(onValid, onInvalid);
  const dirty = form.formState.isDirty;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('page.title')}>
      <Accordion multiple value={open} onChange={setOpen} variant="separated" radius="lg" classNames={{ item: classes.accordionItem }}>
        <Accordion.Item value="personal">
          <Accordion.Control icon={<IconUser size={18} stroke={1.7} aria-hidden />}>{t('form.personal')}</Accordion.Control>
          <Accordion.Panel>
            <PersonalInformationFields form={form} countries={countries} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="billing">
          <Accordion.Control icon={<IconAddressBook size={18} stroke={1.7} aria-hidden />}>{t('form.billing')}</Accordion.Control>
          <Accordion.Panel>
            <BillingAddressFields form={form} countries={countries} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <Group justify="space-between" mt="lg" gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {dirty ? t('form.unsaved') : t('form.nothingChanged')}
        </Text>
        <Button type="submit" disabled={!dirty} loading={update.isPending} miw={120}>
          {t('form.save')}
        </Button>
      </Group>
    </form>
  );
}
