import { formatDate } from '../../../lib/format-date.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconDots, IconPlus, IconSearch } from '@tabler/icons-react';
import type { OperatorRow } from '@mawingu/contracts/admin/access';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useOperatorSession } from '../shell/operator-session.ts';
import { useConsoleCompanies } from '../shell/use-console-companies.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { useOperatorMutations, useOperators } from './access-api.ts';
import { OperatorFormModal } from './operator-form-modal.tsx';
import { SetPasswordModal } from './set-password-modal.tsx';
import classes from './access.module.css';
import './mantine-access-styles.ts';

type Pending = { kind: 'disable' | 'reset'; operator: OperatorRow } | null;

/** Table cells would squeeze a badge to an ellipsis (its label clips); these keep the whole word. */
const wholeLabel = { label: { overflow: 'visible' } } as const;

/** /admin/operators: who works in the console; create, edit, disable or enable, set a password, reset two-factor. */
export default function OperatorsPage() {
  const { t, i18n } = useTranslation('admin');
  const session = useOperatorSession();
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q, 300);
  const [companyFilter, setCompanyFilter] = useState<string | null>(null);
  const [form, setForm] = useState<{ editing: OperatorRow | null; key: number } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [settingPassword, setSettingPassword] = useState<OperatorRow | null>(null);
  const companies = useConsoleCompanies();
  const { update, resetTotp, resendInvitation } = useOperatorMutations();
  const list = useOperators({ companyId: companyFilter ? Number(companyFilter) : null, q: debouncedQ.trim() });
  if (!session) return null;
  const me = session.operator;
  const isOwner = me.role === 'owner';

  const when = (iso: string | null) => (iso ? formatDate(iso, i18n.language, { withTime: true }) : t('access.operators.never'));
  const companyOf = (op: OperatorRow) =>
    op.companyId === null ? t('access.operators.everyCompany') : (op.companyName ?? `#${op.companyId}`);

  async function setDisabled(op: OperatorRow, disabled: boolean) {
    try {
      await update.mutateAsync({ id: op.id, body: { disabled } });
      showSuccessToast(t(disabled ? 'access.operators.disabledDone' : 'access.operators.enabledDone', { name: op.name }));
      setPending(null);
    } catch (err) {
      showErrorToast((err as Error).message);
    }
  }

  async function reset(op: OperatorRow) {
    try {
      await resetTotp.mutateAsync(op.id);
      showSuccessToast(t('access.operators.resetDone', { name: op.name }));
      setPending(null);
    } catch (err) {
      showErrorToast((err as Error).message);
    }
  }

  async function resend(op: OperatorRow) {
    try {
      await resendInvitation.mutateAsync(op.id);
      showSuccessToast(t('access.operators.invitationResent', { email: op.email }));
    } catch (err) {
      showErrorToast((err as Error).message);
    }
  }

  const actions = (op: OperatorRow) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('access.operators.actionsFor', { name: op.name })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => setForm({ editing: op, key: Date.now() })}>{t('access.operators.edit')}</Menu.Item>
        {op.id !== me.id &&
          (op.disabled ? (
            <Menu.Item onClick={() => void setDisabled(op, false)}>{t('access.operators.enable')}</Menu.Item>
          ) : (
            <Menu.Item color="red" onClick={() => setPending({ kind: 'disable', operator: op })}>
              {t('access.operators.disable')}
            </Menu.Item>
          ))}
        {op.invitationPending && <Menu.Item onClick={() => void resend(op)}>{t('access.operators.resendInvitation')}</Menu.Item>}
        {op.id !== me.id && <Menu.Item onClick={() => setSettingPassword(op)}>{t('access.operators.setPassword')}</Menu.Item>}
        <Menu.Item color="red" onClick={() => setPending({ kind: 'reset', operator: op })}>
          {t('access.operators.resetTotp')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  const roleBadge = (op: OperatorRow) => (
    <Badge variant="light" styles={wholeLabel} color={op.role === 'owner' ? 'grape' : op.role === 'admin' ? 'blue' : 'gray'}>
      {t(`role.${op.role}`)}
    </Badge>
  );
  const twoFactor = (op: OperatorRow) => (
    <Badge variant="dot" styles={wholeLabel} color={op.totpEnrolled ? 'teal' : 'yellow'}>
      {op.totpEnrolled ? t('access.operators.enrolled') : t('access.operators.notEnrolled')}
    </Badge>
  );
  const status = (op: OperatorRow) => (
    <Badge variant="dot" styles={wholeLabel} color={op.disabled ? 'red' : op.invitationPending ? 'yellow' : 'teal'}>
      {op.disabled
        ? t('access.operators.disabled')
        : op.invitationPending
          ? t('access.operators.invitationPending')
          : t('access.operators.active')}
    </Badge>
  );
  const nameCell = (op: OperatorRow) => (
    <>
      <Text size="sm" fw={600}>
        {op.name}
        {op.id === me.id && (
          <Text span size="xs" c="dimmed">
            {' '}
            ({t('access.operators.you')})
          </Text>
        )}
      </Text>
    </>
  );

  const items = list.data?.items ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('access.operators.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('access.operators.intro')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setForm({ editing: null, key: Date.now() })}>
          {t('access.operators.new')}
        </Button>
      </Group>

      <Group gap="sm" align="flex-end" grow={!wide}>
        <TextInput
          label={t('access.operators.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          maw={wide ? 320 : undefined}
        />
        {isOwner && (
          <Select
            label={t('access.operators.companyFilter')}
            placeholder={t('access.operators.allCompanies')}
            data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={companyFilter}
            onChange={setCompanyFilter}
            clearable
            searchable
            maw={wide ? 260 : undefined}
          />
        )}
      </Group>

      {list.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('access.operators.loading')}</Text>
        </Group>
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {t('error', { message: list.error.message })}
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('access.operators.empty')}</Text>
      ) : wide ? (
        <ScrollArea>
          <Table striped highlightOnHover className={classes.tableWrap} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('access.operators.columns.name')}</Table.Th>
                <Table.Th>{t('access.operators.columns.email')}</Table.Th>
                <Table.Th>{t('access.operators.columns.role')}</Table.Th>
                <Table.Th>{t('access.operators.columns.company')}</Table.Th>
                <Table.Th>{t('access.operators.columns.twoFactor')}</Table.Th>
                <Table.Th>{t('access.operators.columns.status')}</Table.Th>
                <Table.Th>{t('access.operators.columns.lastLogin')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('access.operators.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((op) => (
                <Table.Tr key={op.id} data-testid={`operator-${op.email}`}>
                  <Table.Td>{nameCell(op)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{op.email}</Text>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{roleBadge(op)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{companyOf(op)}</Text>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{twoFactor(op)}</Table.Td>
                  <Table.Td className={classes.nowrap}>{status(op)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{when(op.lastLoginAt)}</Text>
                  </Table.Td>
                  <Table.Td>{actions(op)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((op) => (
            <Card key={op.id} withBorder component="li" padding="sm" data-testid={`operator-${op.email}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  {nameCell(op)}
                  <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {op.email}
                  </Text>
                </div>
                {actions(op)}
              </Group>
              <Group gap={6} mt="xs">
                {roleBadge(op)}
                {twoFactor(op)}
                {status(op)}
              </Group>
              <Text size="xs" c="dimmed" mt={6}>
                {companyOf(op)} · {t('access.operators.columns.lastLogin')}: {when(op.lastLoginAt)}
              </Text>
            </Card>
          ))}
        </Stack>
      )}

      {form && (
        <OperatorFormModal
          key={form.key}
          opened
          onClose={() => setForm(null)}
          editing={form.editing}
          me={me}
          companies={companies.data ?? []}
          defaultCompanyId={companyFilter ? Number(companyFilter) : null}
        />
      )}
      {settingPassword && <SetPasswordModal key={settingPassword.id} operator={settingPassword} onClose={() => setSettingPassword(null)} />}
      <ConfirmModal
        opened={pending !== null}
        title={
          pending?.kind === 'disable'
            ? t('access.operators.confirmDisableTitle', { name: pending.operator.name })
            : t('access.operators.confirmResetTitle', { name: pending?.operator.name ?? '' })
        }
        text={pending?.kind === 'disable' ? t('access.operators.confirmDisable') : t('access.operators.confirmReset')}
        confirmLabel={t('access.operators.confirm')}
        color="red"
        closeLabel={t('access.operators.cancel')}
        pending={update.isPending || resetTotp.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && void (pending.kind === 'disable' ? setDisabled(pending.operator, true) : reset(pending.operator))}
      />
    </Stack>
  );
}
