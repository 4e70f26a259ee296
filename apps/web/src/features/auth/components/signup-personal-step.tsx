import { Grid, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CountryEntry } from '@mawingu/contracts/auth';
import { useAuthText } from '../auth-text.ts';
import { digitsOnly, filtered, lettersAndSpaces } from '../keystroke-filters.ts';
import type { SignupInput, SignupValues } from '../signup-form.ts';
import { PasswordField } from './password-field.tsx';

type StepProps = { form: UseFormReturn<SignupInput, unknown, SignupValues>; countries: readonly CountryEntry[] };

// A mobile number before a country is chosen: the longest the E.164 plan allows.
const DEFAULT_MOBILE_MAX = 15;

/** Step 1: first and last name, e-mail, country code, mobile, password and confirmation. */
export function SignupPersonalStep({ form, countries }: StepProps) {
  const { t } = useTranslation('auth');
  const authText = useAuthText();
  const { errors } = form.formState;
  const error = (message: string | undefined) => (message ? authText(message) : undefined);
  const country = countries.find((entry) => entry.countryName === form.watch('dialCountry'));
  const lengthHint = country
    ? country.mobileNoMinLength === country.mobileNoMaxLength
      ? t('signup.mobileLength', { count: country.mobileNoMaxLength })
      : t('signup.mobileRange', { min: country.mobileNoMinLength, max: country.mobileNoMaxLength })
    : undefined;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          {...filtered(form.register('firstName'), lettersAndSpaces)}
          label={t('signup.firstName')}
          autoComplete="given-name"
          error={error(errors.firstName?.message)}
          withAsterisk
        />
        <TextInput
          {...filtered(form.register('lastName'), lettersAndSpaces)}
          label={t('signup.lastName')}
          autoComplete="family-name"
          error={error(errors.lastName?.message)}
          withAsterisk
        />
      </SimpleGrid>
      <TextInput
        {...form.register('emailID')}
        label={t('signup.email')}
        placeholder={t('common.emailPlaceholder')}
        type="email"
        autoComplete="email"
        error={error(errors.emailID?.message)}
        withAsterisk
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xs: 5 }}>
          <Controller
            control={form.control}
            name="dialCountry"
            render={({ field }) => (
              <Select
                allowDeselect={false}
                label={t('signup.countryCode')}
                placeholder={t('signup.countryCodePlaceholder')}
                data={countries.map((entry) => ({ value: entry.countryName, label: `${entry.countryCode} ${entry.countryName}` }))}
                value={field.value || null}
                onChange={(value) => {
                  field.onChange(value ?? '');
                  // The billing country usually matches; fill it while it is still empty.
                  if (value && !form.getValues('region')) form.setValue('region', value);
                }}
                onBlur={field.onBlur}
                ref={field.ref}
                searchable
                nothingFoundMessage={t('signup.noCountries')}
                autoComplete="off"
                error={error(errors.dialCountry?.message)}
                withAsterisk
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 7 }}>
          <TextInput
            {...filtered(form.register('contactNo'), digitsOnly)}
            label={t('signup.mobile')}
            description={lengthHint}
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={country?.mobileNoMaxLength ?? DEFAULT_MOBILE_MAX}
            error={error(errors.contactNo?.message)}
            withAsterisk
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </Grid.Col>
      </Grid>
      <PasswordField
        {...form.register('password')}
        label={t('signup.password')}
        description={t('signup.passwordHint')}
        autoComplete="new-password"
        error={error(errors.password?.message)}
        withAsterisk
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <PasswordField
        {...form.register('confirmPassword')}
        label={t('signup.confirmPassword')}
        autoComplete="new-password"
        error={error(errors.confirmPassword?.message)}
        withAsterisk
      />
    </Stack>
  );
}
