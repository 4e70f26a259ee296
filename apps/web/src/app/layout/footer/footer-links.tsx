import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../paths.ts';
import classes from './footer.module.css';

type FooterLink = { label: string; href: string };

function LinkColumn({ heading, links }: { heading: string; links: FooterLink[] }) {
  return (
    <div>
      <div className={classes.heading}>{heading}</div>
      <ul className={classes.linkList}>
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className={classes.link}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CompanyLinks() {
  const { t } = useTranslation();
  return (
    <LinkColumn
      heading={t('footer.companyHeading')}
      links={[
        { label: t('footer.aboutUs'), href: paths.about.getHref() },
        { label: t('footer.terms'), href: paths.terms.getHref() },
        { label: t('footer.faq'), href: paths.faq.getHref() },
        { label: t('footer.privacyPolicy'), href: paths.privacy.getHref() },
      ]}
    />
  );
}

export function ExploreLinks() {
  const { t } = useTranslation();
  return (
    <LinkColumn
      heading={t('footer.exploreHeading')}
      links={[
        { label: t('footer.help'), href: paths.help.getHref() },
        { label: t('footer.news'), href: paths.news.getHref() },
        { label: t('footer.marketplace'), href: paths.marketplace.getHref('all') },
        { label: t('footer.partnerCloudServices'), href: paths.partnerCloudServices.getHref() },
      ]}
    />
  );
}
