import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SiteTexts } from '@mawingu/contracts/site-texts';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

function visit(path: string, siteTexts: SiteTexts) {
  stubApi({
    getCompanyConfiguration: ok(makeConfiguration({ companyName: 'Savannah Host', siteTexts })),
    getDropdownList: ok([]),
    'home/getCompanyAddress': ok([]),
    'home/getProductServices': ok([]),
    'news/getAllNews': ok([]),
  });
  renderApp(path);
}

const SAVANNAH: SiteTexts = {
  en: {
    homeHeadline: 'Savannah clouds for Nairobi',
    aboutVision: 'Every shop in Kenya online.',
    helpHours: 'We answer 08h00 to 18h00 East Africa Time.',
    blog2Title: 'Moving to the cloud',
  },
  ko: { homeHeadline: '사바나 클라우드' },
};

describe("the brand's site texts (issue 17, point 1)", () => {
  it('home shows the brand’s headline, and the site’s own text under it where the brand wrote none', async () => {
    visit('/home', SAVANNAH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Savannah clouds for Nairobi' })).toBeTruthy();
    expect(screen.getByText(/Virtual machines, containers, SSL certificates and Microsoft licences from Savannah Host\./)).toBeTruthy();
  });

  it('About shows the brand’s vision and Blogs card, and the site’s mission', async () => {
    visit('/about', SAVANNAH);
    expect(await screen.findByText('Every shop in Kenya online.')).toBeTruthy();
    expect(screen.getByText(/To deliver IT infrastructure as a service/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Moving to the cloud' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Windows Server' })).toBeTruthy();
  });

  it('help shows the brand’s hours', async () => {
    visit('/help', SAVANNAH);
    expect(await screen.findByText('We answer 08h00 to 18h00 East Africa Time.')).toBeTruthy();
  });

  it('without texts the site keeps its own wording', async () => {
    visit('/help', {});
    expect(await screen.findByText(/We answer during business hours, 08h30 to 17h00 South African time\./)).toBeTruthy();
  });
});
