import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { accessMessages, type Enrolment, type VerifyReply } from '@mawingu/contracts/admin/access';
import { ApiError } from '../../../api/api-error.ts';
import { sectionOf } from '../shell/admin-nav.ts';
import { storeOperatorSession, useOperatorSession, type OperatorSession } from '../shell/operator-session.ts';
import { consoleAuth } from './access-api.ts';
import { Frame } from './access-frame.tsx';
import classes from './access.module.css';
import './mantine-access-styles.ts';

type Step =
  | { kind: 'password' }
  | { kind: 'totp'; challenge: string }
  | { kind: 'enrol'; challenge: string; enrolment: Enrolment }
  | { kind: 'recoveryCodes'; reply: VerifyReply };

type FieldErrors = Record<string, string | undefined>;

/**
 * Where to go after login: the page that sent the operator here, else the console's start (also
 * when that page is a section the operator's role may not open, e.g. after another operator).
 */
function returnPath(state: unknown, role: OperatorSession['operator']['role'] | undefined): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/admin') || from.startsWith('/admin/login')) return '/admin';
  const section = sectionOf(from.split('?')[0]!);
  return section && role && !section.roles.includes(role) ? '/admin' : from;
}

/** "ABCDEFGH…" in groups of four, as authenticator apps show keys. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      {message}
    </Alert>
  );
}

/**
 * /admin/login: e-mail and password, then the code of the authenticator app (or a recovery code).
 * An operator without the app yet sets it up here (QR code or key, first code) and is shown ten
 * recovery codes once before entering the console.
 */
export default function ConsoleLoginPage() {
  const { t } = useTranslation('admin');
  const session = useOperatorSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  if (session && step.kind !== 'recoveryCodes') return <Navigate to={returnPath(location.state, session.operator.role)} replace />;

  function finish(reply: VerifyReply) {
    storeOperatorSession({ token: reply.token, operator: reply.operator });
    void navigate(returnPath(location.state, reply.operator.role), { replace: true });
  }

  function startOver(message: string | null = null) {
    setStep({ kind: 'password' });
    setCode('');
    setRecoveryCode('');
    setUseRecovery(false);
    setPassword('');
    setFieldErrors({});
    setError(message);
  }

  async function run(action: () => Promise<void>) {
    setPending(true);
    setError(null);
    setFieldErrors({});
    try {
      await action();
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.message === accessMessages.challengeExpired) return startOver(err.message);
        if (err.fieldErrors && Object.keys(err.fieldErrors).length > 0) setFieldErrors(err.fieldErrors);
        else setError(err.message);
      } else {
        setError(t('error', { message: (err as Error).message }));
      }
    } finally {
      setPending(false);
    }
  }

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    const missing: FieldErrors = {
      email: email.trim() ? undefined : t('access.login.emailRequired'),
      password: password ? undefined : t('access.login.passwordRequired'),
    };
    if (missing.email || missing.password) return setFieldErrors(missing);
    void run(async () => {
      const reply = await consoleAuth.login(email, password);
      setCode('');
      setStep(
        reply.step === 'enrol' && reply.enrolment
          ? { kind: 'enrol', challenge: reply.challenge, enrolment: reply.enrolment }
          : { kind: 'totp', challenge: reply.challenge },
      );
    });
  }

  function submitCode(event: FormEvent, challenge: string, allowRecovery: boolean) {
    event.preventDefault();
    if (allowRecovery && useRecovery) {
      if (!recoveryCode.trim()) return setFieldErrors({ recoveryCode: t('access.login.recoveryRequired') });
    } else if (!/^\d{6}$/.test(code)) {
      return setFieldErrors({ code: t('access.login.codeRequired') });
    }
    void run(async () => {
      const reply = await consoleAuth.verify(
        allowRecovery && useRecovery ? { challenge, recoveryCode: recoveryCode.trim() } : { challenge, code },
      );
      if (reply.recoveryCodes?.length) setStep({ kind: 'recoveryCodes', reply });
      else finish(reply);
    });
  }

  const codeInput = (
    <TextInput
      label={t('access.login.code')}
      value={code}
      onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      error={fieldErrors.code}
      classNames={{ input: classes.codeInput }}
      data-autofocus
      autoFocus
      withAsterisk
    />
  );

  if (step.kind === 'password') {
    return (
      <Frame title={t('access.login.title')} intro={t('access.login.subtitle')}>
        <form onSubmit={submitPassword} noValidate>
          <Stack gap="md">
            <ErrorAlert message={error} />
            <TextInput
              label={t('access.login.email')}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldErrors.email}
              withAsterisk
            />
            <PasswordInput
              label={t('access.login.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldErrors.password}
              withAsterisk
            />
            <Button type="submit" fullWidth size="md" loading={pending}>
              {t('access.login.submit')}
            </Button>
          </Stack>
        </form>
      </Frame>
    );
  }

  if (step.kind === 'totp') {
    return (
      <Frame title={t('access.login.codeTitle')} intro={useRecovery ? t('access.login.recoveryHint') : t('access.login.codeIntro')}>
        <form onSubmit={(e) => submitCode(e, step.challenge, true)} noValidate>
          <Stack gap="md">
            <ErrorAlert message={error} />
            {useRecovery ? (
              <TextInput
                label={t('access.login.recoveryCode')}
                value={recoveryCode}
                onChange={(e) => setRecoveryCode(e.currentTarget.value)}
                autoComplete="off"
                spellCheck={false}
                error={fieldErrors.recoveryCode}
                classNames={{ input: classes.codeInput }}
                autoFocus
                withAsterisk
              />
            ) : (
              codeInput
            )}
            <Button type="submit" fullWidth size="md" loading={pending}>
              {t('access.login.verify')}
            </Button>
            <Group justify="space-between" gap="xs">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  setUseRecovery(!useRecovery);
                  setFieldErrors({});
                  setError(null);
                }}
              >
                {useRecovery ? t('access.login.useCode') : t('access.login.useRecovery')}
              </Anchor>
              <Anchor component="button" type="button" size="sm" onClick={() => startOver()}>
                {t('access.login.startOver')}
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Frame>
    );
  }

  if (step.kind === 'enrol') {
    const { enrolment } = step;
    return (
      <Frame title={t('access.login.enrolTitle')} intro={t('access.login.enrolIntro')} wide>
        <form onSubmit={(e) => submitCode(e, step.challenge, false)} noValidate>
          <Stack gap="md">
            <ErrorAlert message={error} />
            <List type="ordered" spacing="md" className={classes.enrolSteps}>
              <List.Item>
                <Text size="sm">{t('access.login.enrolStep1')}</Text>
                <Image
                  src={enrolment.qrDataUrl}
                  alt={t('access.login.qrAlt', { issuer: enrolment.issuer })}
                  w={200}
                  h={200}
                  mt="xs"
                  className={classes.qr}
                />
              </List.Item>
              <List.Item>
                <Text size="sm">{t('access.login.enrolStep2')}</Text>
                <Stack gap={6} mt={6} align="flex-start">
                  <Code className={classes.secret} fz="md" aria-label={t('access.login.secretLabel')} data-testid="totp-secret">
                    {grouped(enrolment.secret)}
                  </Code>
                  <CopyButton value={enrolment.secret}>
                    {({ copied, copy }) => (
                      <Button variant="default" size="compact-sm" onClick={copy}>
                        {copied ? t('access.login.copied') : t('access.login.copyKey')}
                      </Button>
                    )}
                  </CopyButton>
                </Stack>
              </List.Item>
              <List.Item>
                <Stack gap="xs">
                  <Text size="sm">{t('access.login.enrolStep3')}</Text>
                  {codeInput}
                </Stack>
              </List.Item>
            </List>
            <Button type="submit" fullWidth size="md" loading={pending}>
              {t('access.login.enrolSubmit')}
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={() => startOver()} ta="center">
              {t('access.login.startOver')}
            </Anchor>
          </Stack>
        </form>
      </Frame>
    );
  }

  const codes = step.reply.recoveryCodes ?? [];
  return (
    <Frame title={t('access.login.recoveryTitle')} intro={t('access.login.recoveryIntro')} wide>
      <Stack gap="md">
        <Box component="section" aria-label={t('access.login.recoveryListLabel')}>
          <SimpleGrid cols={2} spacing="xs" component="ul" className={classes.codeList} data-testid="recovery-codes">
            {codes.map((c) => (
              <li key={c}>
                <Code className={classes.recoveryCode} fz="md">
                  {c}
                </Code>
              </li>
            ))}
          </SimpleGrid>
        </Box>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('access.login.copied') : t('access.login.copy')}
            </Button>
          )}
        </CopyButton>
        <Checkbox label={t('access.login.saved')} checked={saved} onChange={(e) => setSaved(e.currentTarget.checked)} />
        <Button size="md" disabled={!saved} onClick={() => finish(step.reply)}>
          {t('access.login.continue')}
        </Button>
      </Stack>
    </Frame>
  );
}
