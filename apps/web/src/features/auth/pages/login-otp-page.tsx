import { useState } from 'react';
import { Anchor, Button, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { OTP_LENGTH, OTP_VALID_MINUTES, type UserData } from '@mawingu/contracts/auth';
import { maskEmail } from '@mawingu/contracts/mask-email';
import { messages } from '@mawingu/contracts/messages';
import { useResendOtp } from '../../../api/auth/resend-otp.ts';
import { useTwoFactorAuth } from '../../../api/auth/two-factor-auth.ts';
import { paths } from '../../../app/paths.ts';
import { storeUserData } from '../../../lib/session/session-store.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useAuthText } from '../auth-text.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { WelcomeModal } from '../components/welcome-modal.tsx';
import { safeReturnPath, type ReturnState } from '../return-path.ts';

// Spec section 5: required, digits only ("Otp required"); the pin input lets only digits in.
const schema = z.object({ OTP: z.string().trim().min(1, messages.otpRequired).regex(/^\d+$/, messages.otpRequired) });
type OtpValues = z.infer<typeof schema>;

/**
 * /loginotp/{ID}/{emailId}/{flag}: the e-mailed code. Flag 1 (after signup) shows the welcome modal
 * then home with "Login successfully!"; flag 2 (after login) goes home, or back to the page that
 * asked for a login, with "OTP has been verified successfully!" (ARCHITECTURE ruling on flags).
 */
export default function LoginOtpPage() {
  const { t } = useTranslation('auth');
  const authText = useAuthText();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const challengeId = params.ID ?? '';
  const email = params.emailId ?? '';
  const afterSignup = params.flag === '1';
  const returnTo = safeReturnPath((location.state as ReturnState | null)?.from);
  const verify = useTwoFactorAuth();
  const resend = useResendOtp();
  const [welcome, setWelcome] = useState<UserData | null>(null);
  const form = useForm<OtpValues>({ resolver: zodResolver(schema), defaultValues: { OTP: '' } });

  const onSubmit = form.handleSubmit(async ({ OTP }) => {
    const reply = await verify.mutateAsync({ emailID: email, ID: challengeId, OTP });
    const userData = reply.status === 200 ? reply.data?.[0] : undefined;
    if (!userData) {
      // Spec section 8: "Please enter correct OTP." (or what the server says: expired, too many tries).
      showErrorToast(authText(reply.message || messages.otpIncorrect));
      form.reset({ OTP: '' });
      return;
    }
    // Logged in from here on; the session keeper refetches what depends on the customer.
    storeUserData(userData);
    if (afterSignup) {
      setWelcome(userData);
      return;
    }
    showSuccessToast(authText(messages.otpVerified));
    await navigate(returnTo ?? paths.home.getHref(), { replace: true });
  });

  async function onResend() {
    const reply = await resend.mutateAsync({ emailID: email, ID: challengeId });
    if (reply.status === 200) showSuccessToast(authText(reply.message));
    else showErrorToast(authText(reply.message));
  }

  function onWelcomeDone() {
    showSuccessToast(authText(messages.loginSuccess));
    void navigate(paths.home.getHref(), { replace: true });
  }

  const otpError = form.formState.errors.OTP?.message;
  return (
    <AuthCard
      icon={<IconMailCheck size={24} stroke={1.7} aria-hidden />}
      title={t('otp.title')}
      subtitle={
        <>
          <Trans
            t={t}
            i18nKey="otp.subtitle"
            values={{ email: maskEmail(email) }}
            components={{ email: <Text span fw={600} c="var(--mantine-color-text)" /> }}
          />{' '}
          {t('otp.validity', { minutes: OTP_VALID_MINUTES })}
        </>
      }
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="lg">
          <Input.Wrapper
            label={t('otp.codeLabel')}
            error={otpError && authText(otpError)}
            withAsterisk
            styles={{ root: { textAlign: 'center' }, label: { marginBottom: 8 } }}
          >
            <Controller
              control={form.control}
              name="OTP"
              render={({ field }) => (
                <PinInput
                  length={OTP_LENGTH}
                  type="number"
                  inputMode="numeric"
                  oneTimeCode
                  placeholder=""
                  autoFocus
                  size="md"
                  gap="xs"
                  value={field.value}
                  onChange={field.onChange}
                  error={Boolean(otpError)}
                  getInputProps={(index) => ({ 'aria-label': t('otp.digitLabel', { index: index + 1, count: OTP_LENGTH }) })}
                  styles={{ root: { justifyContent: 'center' } }}
                />
              )}
            />
          </Input.Wrapper>
          <Button type="submit" fullWidth size="md" loading={verify.isPending} disabled={welcome !== null}>
            {t('otp.verify')}
          </Button>
          <Group justify="space-between" gap="xs">
            <Button
              component={Link}
              to={paths.login.getHref()}
              variant="subtle"
              size="compact-sm"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              {t('otp.back')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('otp.noCode')}{' '}
              <Anchor component="button" type="button" size="sm" fw={600} onClick={() => void onResend()} disabled={resend.isPending}>
                {t('otp.resend')}
              </Anchor>
            </Text>
          </Group>
        </Stack>
      </form>
      {welcome && <WelcomeModal firstName={welcome.userDetail.FirstName} onDone={onWelcomeDone} />}
    </AuthCard>
  );
}
