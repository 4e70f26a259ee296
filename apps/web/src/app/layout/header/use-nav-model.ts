import { useTranslation } from 'react-i18next';
import { useCompanyConfiguration } from '../../../api/company/get-company-configuration.ts';
import { useBenefitsMenuItems } from '../../../api/company/get-dropdown-list.ts';
import { useProductServiceList } from '../../../api/product-services/get-product-services.ts';
import { toExternalHref } from '../../../lib/external-url.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { paths } from '../../paths.ts';

export type NavLinkItem = { label: string; href: string };

export type NavModel = {
  /** Business units under "Products And Services"; empty hides the group. */
  productsAndServices: NavLinkItem[];
  marketplace: NavLinkItem[];
  /** External "www" address; null hides the entry. */
  wwwHref: string | null;
  /** Benefits menu; empty hides it. */
  benefits: NavLinkItem[];
  /** My Products and Support: customers only (empty for visitors hides them). */
  myProducts: NavLinkItem[];
  support: NavLinkItem[];
};

/**
 * What the navigation shows, shared by the desktop bar and the phone drawer. Products And Services
 * appears only when the company has product-service data (spec: header navigation).
 * `fetch` false: the menus' calls are not made yet (what is cached still shows).
 */
export function useNavModel(fetch = true): NavModel {
  const { t } = useTranslation();
  const config = useCompanyConfiguration();
  const menuItems = useBenefitsMenuItems(fetch);
  const units = useProductServiceList(fetch);
  const { isLoggedIn } = useSession();

  const productsAndServices = (config ? units : []).map((unit) => ({
    label: unit.businessName,
    href: paths.businessUnit.getHref(unit.businessName),
  }));
  const marketplace: NavLinkItem[] = [
    { label: t('nav.partnerCloudServices'), href: paths.partnerCloudServices.getHref() },
    { label: t('nav.exploreMarketplace'), href: paths.marketplace.getHref('all') },
  ];

  // Menu items belong to the company: without its configuration none are shown.
  const benefits = (config ? menuItems : []).flatMap((item) => {
    const href = toExternalHref(item.redirectURL);
    return href && item.menuName.trim() ? [{ label: item.menuName.trim(), href }] : [];
  });

  // Spec: View Virtual Machines opens the account's VM tab (2); both ticket entries its Tickets tab (1).
  const myProducts: NavLinkItem[] = isLoggedIn
    ? [
        { label: t('header.viewVirtualMachines'), href: paths.customerProfile.getHref(2) },
        { label: t('header.savedProducts'), href: paths.savedItems.getHref() },
      ]
    : [];
  const support: NavLinkItem[] = isLoggedIn
    ? [
        { label: t('header.raisedTicket'), href: paths.customerProfile.getHref(1) },
        { label: t('header.viewTicket'), href: paths.customerProfile.getHref(1) },
      ]
    : [];

  return { productsAndServices, marketplace, wwwHref: toExternalHref(config?.wwwUrl), benefits, myProducts, support };
}
