import { Stack } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CompanyConfiguration } from '@mawingu/contracts/company';
import { displayValue } from '../../../lib/display-value.ts';
import classes from './footer.module.css';

function ContactRow({ icon: RowIcon, label, children }: { icon: Icon; label: string; children: React.ReactNode }) {
  return (
    <div className={classes.contactRow}>
      <RowIcon size={16} stroke={1.6} className={classes.contactIcon} aria-label={label} role="img" />
      <span>{children}</span>
    </div>
  );
}

/** The company's contact details; "NA" and empty parts are left out. */
export function FooterContact({ config }: { config: CompanyConfiguration }) {
  const { t } = useTranslation();
  const phone = displayValue(config.contactNo);
  const email = displayValue(config.emailID);
  const address = [config.officeAddress, config.city, config.country].map(displayValue).filter(Boolean).join(', ');

  return (
    <Stack gap={8}>
      {phone && (
        <ContactRow icon={IconPhone} label={t('footer.phone')}>
          <a className={classes.link} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            {phone}
          </a>
        </ContactRow>
      )}
      {email && (
        <ContactRow icon={IconMail} label={t('footer.email')}>
          <a className={classes.link} href={`mailto:${email}`}>
            {email}
          </a>
        </ContactRow>
      )}
      {address && (
        <ContactRow icon={IconMapPin} label={t('footer.address')}>
          {address}
        </ContactRow>
      )}
    </Stack>
  );
}
