import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, PasswordInput, Radio, Select, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import type { OperatorRoleName, OperatorRow } from '@mawingu/contracts/admin/access';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import type { OperatorSession } from '../shell/operator-session.ts';
import type { ConsoleCompany } from '../shell/use-console-companies.ts';
import { useOperatorMutations } from './access-api.ts';
import { meetsOperatorPasswordRule } from './password-rules.ts';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The operator being edited; null to create one. */
  editing: OperatorRow | null;
  me: OperatorSession['operator'];
  companies: ConsoleCompany[];
  /** The company chosen in the list's filter (owner), preselected for a new operator. */
  defaultCompanyId: number | null;
};

type Errors = Partial<Record<'email' | 'name' | 'role' | 'companyId' | 'password' | 'form', string>>;

/** Create an operator (invited by e-mail, or with a first password) or change an operator's name and role. */
export function OperatorFormModal({ opened, onClose, editing, me, companies, defaultCompanyId }: Props) {
  const { t } = useTranslation('admin');
  const { create, update } = useOperatorMutations();
  const isOwner = me.role === 'owner';
  const [email, setEmail] = useState('');
  const [name, setName] = useState(editing?.name ?? '');
  const [role, setRole] = useState<OperatorRoleName>(editing?.role ?? 'support');
  const [companyId, setCompanyId] = useState<string | null>(
    editing?.companyId != null ? String(editing.companyId) : defaultCompanyId != null ? String(defaultCompanyId) : null,
  );
  // A new operator is invited by e-mail unless the creator sets the password now.
  const [access, setAccess] = useState<'invite' | 'password'>('invite');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const pending = create.isPending || update.isPending;

  const roles: OperatorRoleName[] = isOwner ? ['support', 'admin', 'owner'] : ['support', 'admin'];
  const needsCompany = isOwner && role !== 'owner' && (editing === null || editing.role === 'owner' || editing.companyId === null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const required = t('access.operators.form.required');
    const local: Errors = {
      name: name.trim() ? undefined : required,
      email: editing || email.trim() ? undefined : required,
      password: editing || access === 'invite' || meetsOperatorPasswordRule(password) ? undefined : t('access.operators.form.passwordWeak'),
      companyId: needsCompany && !companyId ? required : undefined,
    };
    if (Object.values(local).some(Boolean)) return setErrors(local);
    setErrors({});
    try {
      if (editing) {
        const body = {
          name: name.trim(),
          ...(role !== editing.role ? { role } : {}),
          ...(needsCompany && role !== editing.role ? { companyId: Number(companyId) } : {}),
        };
        await update.mutateAsync({ id: editing.id, body });
      } else {
        await create.mutateAsync({
          email: email.trim(),
          name: name.trim(),
          role,
          ...(access === 'password' ? { password } : {}),
          companyId: isOwner ? (role === 'owner' ? null : Number(companyId)) : me.companyId,
        });
      }
      showSuccessToast(
        editing
          ? t('access.operators.updated')
          : access === 'invite'
            ? t('access.operators.invited', { email: email.trim().toLowerCase() })
            : t('access.operators.created'),
      );
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setErrors({ ...(err.fieldErrors ?? {}), ...(err.fieldErrors ? {} : { form: err.message }) });
      else setErrors({ form: (err as Error).message });
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t('access.operators.form.editTitle', { name: editing.name }) : t('access.operators.form.createTitle')}
      closeButtonProps={{ 'aria-label': t('access.operators.form.cancel') }}
      fullScreen={false}
      size="md"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {errors.form && (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          )}
          {!editing && (
            <TextInput
              label={t('access.operators.form.email')}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errors.email}
              withAsterisk
              data-autofocus
            />
          )}
          <TextInput
            label={t('access.operators.form.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            withAsterisk
          />
          <Select
            label={t('access.operators.form.role')}
            description={t('access.operators.form.roleHint')}
            data={roles.map((r) => ({ value: r, label: t(`role.${r}`) }))}
            value={role}
            onChange={(value) => value && setRole(value as OperatorRoleName)}
            allowDeselect={false}
            disabled={editing?.id === me.id}
            error={errors.role}
            withAsterisk
          />
          {needsCompany && (
            <Select
              label={t('access.operators.form.company')}
              data={companies.map((c) => ({ value: String(c.id), label: c.name }))}
              value={companyId}
              onChange={setCompanyId}
              searchable
              error={errors.companyId}
              withAsterisk
            />
          )}
          {!editing && (
            <Radio.Group
              label={t('access.operators.form.access')}
              value={access}
              onChange={(value) => setAccess(value as 'invite' | 'password')}
            >
              <Stack gap="xs" mt={6}>
                <Radio value="invite" label={t('access.operators.form.accessInvite')} />
                <Radio value="password" label={t('access.operators.form.accessPassword')} />
              </Stack>
            </Radio.Group>
          )}
          {!editing && access === 'password' && (
            <PasswordInput
              label={t('access.operators.form.password')}
              description={t('access.operators.form.passwordHint')}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              withAsterisk
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('access.operators.form.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {editing
                ? t('access.operators.form.save')
                : access === 'invite'
                  ? t('access.operators.form.createInvite')
                  : t('access.operators.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
