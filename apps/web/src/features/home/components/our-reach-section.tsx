import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_ADDRESS_LIMIT } from '@mawingu/contracts/company-rules';
import { useCompanyAddresses } from '../../../api/company/get-company-address.ts';
import { CompanyOffices } from '../../../components/company-offices.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';

/** "Our Reach": the company's first three offices; hidden when it has none. */
export function OurReachSection() {
  const { t } = useTranslation();
  // Rendered in a transition React slices, not in the blocking update the reply triggers.
  const reply = useDeferredValue(useCompanyAddresses().data);
  const addresses = (reply?.data ?? []).slice(0, HOME_ADDRESS_LIMIT);
  if (reply && addresses.length === 0) return null;
  return (
    <PageSection labelledBy="home-reach" muted>
      <SectionHeading id="home-reach" title={t('home.reachTitle')} text={t('home.reachText')} />
      <CompanyOffices addresses={addresses} loading={!reply} />
    </PageSection>
  );
}
