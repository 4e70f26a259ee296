import { Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { businessSlug } from '@mawingu/contracts/product-services';
import { paths } from '../../../app/paths.ts';
import classes from './business-unit.module.css';

/** The spec's left menu "Products And Services": every business unit, the current one marked. */
export function SideMenu({ names, current }: { names: string[]; current: string }) {
  const { t } = useTranslation();
  const currentSlug = businessSlug(current).toLowerCase();
  if (names.length === 0) return null;
  return (
    <Card padding="md" component="nav" aria-labelledby="side-menu-title" className={classes.menu}>
      <Text
        component="h2"
        fw={600}
        size="sm"
        c="dimmed"
        tt="uppercase"
        px={12}
        id="side-menu-title"
        m={0}
        style={{ letterSpacing: '0.04em' }}
      >
        {t('businessUnit.sideMenu')}
      </Text>
      <Stack gap={2} mt="xs">
        {names.map((name) => (
          <Link
            key={name}
            to={paths.businessUnit.getHref(name)}
            className={classes.menuLink}
            aria-current={businessSlug(name).toLowerCase() === currentSlug ? 'page' : undefined}
          >
            {name}
          </Link>
        ))}
      </Stack>
    </Card>
  );
}
