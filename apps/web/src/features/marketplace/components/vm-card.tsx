import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VmProductCard } from '@mawingu/contracts/catalog';
import { paths } from '../../../app/paths.ts';
import { useOsLabel } from '../../../components/os-icon.tsx';
import { vmCardClass, VmOsTile, VmSpecGrid } from '../../../components/vm-card/vm-card-parts.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { useSession } from '../../../lib/session/use-session.ts';

/**
 * A VM product: OS icon, name, RAM, disk and CPU; the price for logged-in customers only. Select
 * leads a customer to the configuration and a visitor to the login screen (spec section 4).
 */
export function VmCard({ product, custom = false }: { product: VmProductCard; custom?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const osLabel = useOsLabel();
  const target = session.isLoggedIn ? paths.productDetails.getHref(product.productID) : paths.login.getHref();
  const price = session.isLoggedIn && product.vm_Cost !== null ? formatMoney(product.vm_Cost, product.vm_Currency) : null;

  return (
    <Card padding="md" className={vmCardClass} data-testid="vm-card">
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <VmOsTile imagePath={product.imagePath} osType={product.osType} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text component="h3" fw={600} size="md" lh={1.3} lineClamp={3} m={0}>
              {product.productName}
            </Text>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {osLabel(product.osType)}
              </Text>
              {custom && (
                <Badge size="xs" variant="light" radius="sm">
                  {t('marketplace.customBadge')}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        {/* Specs and action sit at the bottom, so they line up across a row of cards. */}
        <Stack gap="md" mt="auto">
          <VmSpecGrid
            specs={[
              { value: `${product.vm_RAM_Count} ${product.vm_RAM_Unit}`, label: t('marketplace.ram') },
              { value: `${product.vm_Driver_Count} ${product.vm_Driver_Unit}`, label: t('marketplace.diskShort') },
              { value: String(product.vm_CPU_Count), label: t('marketplace.cpu') },
            ]}
          />
          <Stack gap="xs">
            {price ? (
              <Group gap={6} align="baseline">
                <Text fw={700} size="lg" lh={1.1}>
                  {price}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('marketplace.perMonth')}
                </Text>
              </Group>
            ) : (
              <Text size="xs" c="dimmed">
                {t('marketplace.loginForPrice')}
              </Text>
            )}
            <Button
              component={Link}
              to={target}
              variant="light"
              fullWidth
              aria-label={t('marketplace.selectProduct', {
                name: product.productName,
              })}
            >
              {t('marketplace.select')}
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Card>
  );
}
