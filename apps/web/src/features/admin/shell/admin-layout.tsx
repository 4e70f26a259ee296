import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Alert, AppShell, Badge, Box, Burger, Button, Group, Loader, Menu, NavLink, Select, Text, Title } from '@mantine/core';
import { IconChevronDown, IconKey, IconUserCircle } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { logoutCall } from '@mawingu/contracts/admin/access-calls';
import { HeaderLanguageButton } from '../../../app/layout/header/header-language-button.tsx';
import { LanguageSwitch } from '../../../app/layout/language-switch.tsx';
import { fetchCall } from '../../../api/contract-call.ts';
import { useAwaitingTickets } from './awaiting-tickets.ts';
import { hrefOf, navGroupsFor, sectionOf, type AdminNavItem } from './admin-nav.ts';
import { inConsole } from './console-door.ts';
import { useCompanyScope } from './company-scope.ts';
import { storeOperatorSession, useOperatorSession } from './operator-session.ts';
import { useConsoleCompanies } from './use-console-companies.ts';
import classes from './admin-layout.module.css';
// The console's frame needs Mantine's AppShell and NavLink styles (not in app/mantine-styles.ts: the
// customer site does not use them), loaded with the console's chunk only.
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/NavLink.css';

/** Keeps the section when the owner switches company: /admin/c/1/customers/9 → /admin/c/2/customers. */
function sameSectionFor(pathname: string, companyId: number): string {
  const section = pathname.match(/^\/admin\/c\/\d+\/([^/]+)/)?.[1] ?? 'dashboard';
  return `/admin/c/${companyId}/${section}`;
}

/** The tickets awaiting an operator, beside "Tickets" in the sidebar; nothing while there are none. */
function AwaitingBadge({ companyId }: { companyId: number | null }) {
  const { t } = useTranslation('admin');
  const count = useAwaitingTickets(companyId).data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="sm" circle={count < 10} color="red.9" aria-label={t('nav.awaiting', { count })} data-testid="awaiting-badge">
      {count}
    </Badge>
  );
}

/** One labelled group of the sidebar; a group the operator has no section of is left out. */
function NavGroup({
  id,
  title,
  items,
  scope,
  onNavigate,
}: {
  id: string;
  title: string;
  items: AdminNavItem[];
  scope: number | null;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('admin');
  const links = items.flatMap((item) => {
    const href = hrefOf(item, scope);
    return href ? [{ item, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <div role="group" aria-labelledby={id} className={classes.navGroup}>
      <Text id={id} size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" pt="sm" pb={4} truncate>
        {title}
      </Text>
      {links.map(({ item, href }) => (
        <NavLink
          key={item.key}
          component={RouterNavLink}
          to={href}
          label={t(`nav.${item.key}`)}
          onClick={onNavigate}
          rightSection={item.key === 'tickets' ? <AwaitingBadge companyId={scope} /> : undefined}
        />
      ))}
    </div>
  );
}

function CompanyPicker() {
  const { t } = useTranslation('admin');
  const companies = useConsoleCompanies();
  const scope = useCompanyScope();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Select
      aria-label={t('company.label')}
      placeholder={t('company.placeholder')}
      data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      value={scope === null ? null : String(scope)}
      onChange={(value) => value && void navigate(sameSectionFor(pathname, Number(value)))}
      searchable
      w={{ base: 160, sm: 240 }}
      size="sm"
    />
  );
}

/** The console's own frame: header with company and operator, the section menu, the page. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useOperatorSession();
  const scope = useCompanyScope();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const companies = useConsoleCompanies();
  if (!session) return null;
  const { operator } = session;
  // A section the role may not open is refused here too (the API refuses its calls with 403).
  const section = sectionOf(pathname);
  const refused = section !== null && !section.roles.includes(operator.role);

  async function signOut() {
    await fetchCall(logoutCall, {}, inConsole).catch(() => undefined);
    storeOperatorSession(null);
    queryClient.removeQueries({ queryKey: ['admin'] });
    void navigate('/admin/login', { replace: true });
  }

  // The company's sections first (under its name), then, for the owner, those over all companies.
  const { company: companyItems, platform: platformItems } = navGroupsFor(operator.role);
  const companyName = companies.data?.find((c) => c.id === scope)?.name ?? null;
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 230, breakpoint: 'md', collapsed: { mobile: !opened } }} padding="md">
      <a href="#console-main" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('openMenu')} />
            <Title order={1} size="h4" visibleFrom="xs">
              {t('title')}
            </Title>
            {operator.role === 'owner' && <CompanyPicker />}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {/* On phones the header is full: the switch is at the end of the menu instead. */}
            <Box visibleFrom="sm">
              <HeaderLanguageButton />
            </Box>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="subtle"
                  color="gray"
                  size="compact-sm"
                  px={6}
                  leftSection={<IconUserCircle size={18} aria-hidden />}
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                  aria-label={t('operatorMenu', { name: operator.name })}
                >
                  <Text span size="sm" visibleFrom="sm" truncate maw={200}>
                    {operator.name}
                  </Text>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{operator.email}</Menu.Label>
                <Menu.Item component={Link} to="/admin/password" leftSection={<IconKey size={16} aria-hidden />}>
                  {t('changePassword')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Badge variant="light" visibleFrom="xs">
              {t(`role.${operator.role}`)}
            </Badge>
            <Button variant="subtle" size="compact-sm" onClick={() => void signOut()}>
              {t('signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.label')}>
        <NavGroup id="nav-company" title={companyName ?? t('nav.companyGroup')} items={companyItems} scope={scope} onNavigate={close} />
        <NavGroup id="nav-platform" title={t('nav.platformGroup')} items={platformItems} scope={scope} onNavigate={close} />
        <Box hiddenFrom="sm" mt="md">
          <LanguageSwitch variant="drawer" />
        </Box>
      </AppShell.Navbar>
      <AppShell.Main id="console-main" tabIndex={-1}>
        <Suspense fallback={<Loader aria-label={t('loading')} />}>
          {refused ? (
            <Alert color="orange" variant="light" title={t('forbidden.title')} role="alert" maw={640}>
              {t('forbidden.text')}
            </Alert>
          ) : (
            <Outlet />
          )}
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
