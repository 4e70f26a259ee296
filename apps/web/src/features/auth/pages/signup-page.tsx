import { useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconUserPlus } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CountryEntry } from '@mawingu/contracts/auth';
import { useAddUser } from '../../../api/auth/add-user.ts';
import { useCountryCodes } from '../../../api/auth/get-country-code.ts';
import { paths } from '../../../app/paths.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useAuthText } from '../auth-text.ts';
import { AgreementModal } from '../components/agreement-modal.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { SignupSteps } from '../components/signup-steps.tsx';
import { SignupAddressStep } from '../components/signup-address-step.tsx';
import { SignupPersonalStep } from '../components/signup-personal-step.tsx';
import {
  ADDRESS_FIELDS,
  EMPTY_SIGNUP,
  formFieldOf,
  PERSONAL_FIELDS,
  signupPayload,
  signupSchema,
  type SignupField,
  type SignupInput,
  type SignupValues,
} from '../signup-form.ts';

const NO_COUNTRIES: readonly CountryEntry[] = [];
const CONFLICT = 409;

/**
 * /signup: step 1 personal details, step 2 company and address, then the agreement modal; on 200
 * the OTP page with flag 1 (spec "Registration", sections 4 and 5).
 */
export default function SignupPage() {
  const { t } = useTranslation('auth');
  const authText = useAuthText();
  const navigate = useNavigate();
  const countriesQuery = useCountryCodes();
  const countries = countriesQuery.data?.data ?? NO_COUNTRIES;
  const countriesRef = useRef(countries);
  countriesRef.current = countries;
  const schema = useMemo(() => signupSchema(() => countriesRef.current), []);
  const form = useForm<SignupInput, unknown, SignupValues>({ resolver: zodResolver(schema), defaultValues: EMPTY_SIGNUP });
  const addUser = useAddUser();
  const [step, setStep] = useState<0 | 1>(0);
  const [ready, setReady] = useState<SignupValues | null>(null);

  // Next submits the whole form so that, as after any submit, each message goes away as soon as its
  // field is fixed; the address step's own messages wait until Register.
  const next = form.handleSubmit(
    () => setStep(1),
    (errors) => {
      if (PERSONAL_FIELDS.some((field) => errors[field])) return;
      form.clearErrors([...ADDRESS_FIELDS]);
      setStep(1);
    },
  );

  const register = form.handleSubmit((values) => setReady(values));

  async function proceed() {
    if (!ready) return;
    const reply = await addUser.mutateAsync(signupPayload(ready, countries));
    if (reply.status === 200 && reply.data) {
      showSuccessToast(authText(reply.message));
      await navigate(paths.loginOtp.getHref(reply.data.ID, reply.data.emailId, 1));
      return;
    }
    showErrorToast(authText(reply.message));
    // A refused field (or an e-mail registered already) goes back to its field and step.
    const fieldErrors: Partial<Record<SignupField, string>> = {};
    for (const [serverField, message] of Object.entries(reply.fieldErrors ?? {})) {
      const field = formFieldOf(serverField);
      if (field) fieldErrors[field] = message;
    }
    if (reply.status === CONFLICT) fieldErrors.emailID = reply.message;
    const fields = Object.keys(fieldErrors) as SignupField[];
    if (fields.length === 0) return;
    setReady(null);
    for (const field of fields) form.setError(field, { message: fieldErrors[field] });
    if (fields.some((field) => (PERSONAL_FIELDS as readonly string[]).includes(field))) setStep(0);
  }

  return (
    <AuthCard
      icon={<IconUserPlus size={24} stroke={1.7} aria-hidden />}
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      width={640}
      footer={
        <>
          {t('signup.haveAccount')}{' '}
          <Anchor component={Link} to={paths.login.getHref()} fw={600}>
            {t('signup.login')}
          </Anchor>
        </>
      }
    >
      <SignupSteps step={step} />
      {countriesQuery.data && countriesQuery.data.status !== 200 && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="sm">
            {t('signup.countriesFailed')} {authText(countriesQuery.data.message)}
            <Button size="compact-sm" variant="light" color="red" onClick={() => void countriesQuery.refetch()}>
              {t('signup.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 0) void next(event);
          else void register(event);
        }}
      >
        <Stack gap="xl">
          {step === 0 ? <SignupPersonalStep form={form} countries={countries} /> : <SignupAddressStep form={form} countries={countries} />}
          <Group justify="space-between" gap="sm">
            {step === 0 ? (
              <Button component={Link} to={paths.home.getHref()} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
                {t('common.back')}
              </Button>
            ) : (
              <Button variant="default" onClick={() => setStep(0)} leftSection={<IconArrowLeft size={16} aria-hidden />}>
                {t('common.back')}
              </Button>
            )}
            {step === 0 ? (
              <Button type="submit" rightSection={<IconArrowRight size={16} aria-hidden />}>
                {t('signup.next')}
              </Button>
            ) : (
              <Button type="submit">{t('signup.register')}</Button>
            )}
          </Group>
        </Stack>
      </form>
      <AgreementModal
        opened={ready !== null}
        submitting={addUser.isPending}
        onClose={() => setReady(null)}
        onProceed={() => void proceed()}
      />
    </AuthCard>
  );
}
