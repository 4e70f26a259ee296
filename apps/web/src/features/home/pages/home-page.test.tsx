import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeConfiguration, ok, stubApi, stubHealthySite } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { setLanguage } from '../../../i18n/i18n.ts';

describe('home page', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows the headline, the company name and the two calls to action', async () => {
    stubHealthySite({ companyName: 'Testa Cloud' });
    renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud infrastructure for African businesses' })).toBeTruthy();
    expect(screen.getAllByText('Testa Cloud').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Explore' }).getAttribute('href')).toBe('/marketplace/all');
    // Visitors must log in before buying.
    expect(screen.getByRole('link', { name: 'Buy Now' }).getAttribute('href')).toBe('/customerlogin');
  });

  it('speaks Korean, the header and the sub-line included', async () => {
    stubHealthySite();
    renderApp('/home');
    await screen.findByRole('heading', { level: 1 });
    await act(async () => {
      await setLanguage('ko');
    });
    expect(screen.getByRole('heading', { level: 1, name: '아프리카 기업을 위한 클라우드 인프라' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '둘러보기' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '회원가입 / 로그인' }).length).toBeGreaterThan(0);
    expect(screen.getByText(/가상 머신, 컨테이너, SSL 인증서/)).toBeTruthy();
    expect(document.documentElement.lang).toBe('ko');
  });

  it('shows the banner message, the company video, at most three offices and the news with its heading to /news', async () => {
    stubApi({
      getCompanyConfiguration: ok(
        makeConfiguration({ bannerMessage: 'Now open in Nairobi', companyVideoPath: '/api/files/intro', companyName: 'Testa Cloud' }),
      ),
      getDropdownList: ok([]),
      'home/getCompanyAddress': ok([
        { address: '1 Magwa Crescent', city: 'Midrand', country: 'South Africa' },
        { address: '14 Riverside Drive', city: 'NA', country: 'Kenya' },
        { address: '2 Heerengracht', city: 'Cape Town', country: 'South Africa' },
        { address: 'Fourth office', city: 'Kampala', country: 'Uganda' },
      ]),
      'news/getAllNews': ok([
        { ID: 7, newsTitle: 'Nairobi region now open', newsContent: 'Deploy in Nairobi.', imagePath: null, newsLinks: [] },
      ]),
    });
    renderApp('/home');
    expect((await screen.findByTestId('banner-message')).textContent).toBe('Now open in Nairobi');

    const video = (await screen.findByLabelText('Testa Cloud introduction video')) as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('/api/files/intro');
    expect(video.muted).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    // The player and its controls show once the browser knows the video (no loading spinner).
    expect(video.controls || video.hasAttribute('data-shown')).toBe(false);
    fireEvent.loadedMetadata(video);
    await waitFor(() => expect(video.controls && video.hasAttribute('data-shown')).toBe(true));
    fireEvent.loadedData(video);

    const reach = (await screen.findByRole('heading', { name: 'Our Reach' })).closest('section')!;
    expect(await within(reach).findByText('Midrand, South Africa')).toBeTruthy();
    expect(within(reach).getByText('Kenya')).toBeTruthy();
    expect(within(reach).queryByText(/Kampala/)).toBeNull();
    expect(within(reach).queryByText(/NA/)).toBeNull();

    expect(await screen.findByRole('heading', { name: 'Nairobi region now open' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'News' }).querySelector('a')!.getAttribute('href')).toBe('/news');
    expect(screen.getByRole('heading', { name: 'Windows Server' })).toBeTruthy();
  });

  it('shows the sections below the hero and the footer once the video has its first frame (or fails)', async () => {
    for (const settle of [fireEvent.loadedData, fireEvent.error]) {
      const configuration = makeConfiguration({ companyVideoPath: '/api/files/intro' });
      // In the browser the first render waits for the configuration (main.tsx); here the stored
      // copy of a returning visitor puts the video in the first render.
      window.localStorage.setItem('companyConfiguration', JSON.stringify(configuration));
      stubApi({
        getCompanyConfiguration: ok(configuration),
        getDropdownList: ok([]),
        'home/getCompanyAddress': ok([{ address: '1 Magwa Crescent', city: 'Midrand', country: 'South Africa' }]),
        'news/getAllNews': ok([]),
      });
      const view = renderApp('/home');
      const video = await screen.findByLabelText('Testa Cloud introduction video');
      // The video's first frame gets the connection first: nothing below the hero is fetched yet.
      await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect(screen.queryByRole('heading', { name: 'Our Reach' })).toBeNull();
      expect(within(screen.getByRole('contentinfo')).queryByRole('link')).toBeNull();

      settle(video);
      expect(await screen.findByRole('heading', { name: 'Our Reach' })).toBeTruthy();
      expect(await within(screen.getByRole('contentinfo')).findByRole('link', { name: 'FAQ' })).toBeTruthy();
      view.unmount();
    }
  });
});
