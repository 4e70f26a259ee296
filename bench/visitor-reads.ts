/**
 * The public reads a visitor's pages make, with the seeded site's own ids and names as its pages
 * would send them (bench:reads measures each alone, bench:mixed all together).
 */
export type Read = { name: string; path: string; body?: object; headers?: Record<string, string> };

export async function visitorReads(base: string, site: string): Promise<Read[]> {
  const call = async (p: string, body: object) =>
    (await (
      await fetch(`${base}/api/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    ).json()) as { data: any };
  const products = await call('marketPlace/getProducts', { serviceName: 'all', websiteUrl: site });
  const productId = JSON.stringify(products.data).match(/"(?:productID|ID)":(\d+)/)?.[1];
  const news = await call('news/getAllNews', { websiteUrl: site });
  const units = await call('home/getProductServices', { websiteUrl: site });
  const unit = (units.data[0]?.businessName ?? '').replaceAll('/', '').trim();
  if (!productId || !news.data[0] || !unit) throw new Error('the seeded site has no product, news or business unit to read');
  return [
    { name: 'GET /home (HTML shell)', path: '/home', headers: { 'accept-encoding': 'br, gzip' } },
    { name: 'getCompanyConfiguration', path: '/api/getCompanyConfiguration', body: { customerUrl: site } },
    { name: 'getDropdownList', path: '/api/getDropdownList', body: { customerUrl: site } },
    { name: 'home/getProductServices', path: '/api/home/getProductServices', body: { websiteUrl: site } },
    { name: 'home/getCompanyAddress', path: '/api/home/getCompanyAddress', body: { websiteUrl: site } },
    { name: 'marketPlace/getProducts', path: '/api/marketPlace/getProducts', body: { serviceName: 'all', websiteUrl: site } },
    {
      name: 'marketPlace/getFilteredProducts',
      path: '/api/marketPlace/getFilteredProducts',
      body: { serviceName: 'all', websiteUrl: site, memory: 0 },
    },
    {
      name: 'marketPlace/getSpecification',
      path: '/api/marketPlace/getSpecification',
      body: { productID: Number(productId), websiteUrl: site },
    },
    { name: 'marketplace/getExternalCloud', path: '/api/marketplace/getExternalCloud', body: { websiteUrl: site } },
    { name: 'news/getAllNews', path: '/api/news/getAllNews', body: { websiteUrl: site } },
    { name: 'news/getNewsDetail', path: '/api/news/getNewsDetail', body: { ID: news.data[0].ID, websiteUrl: site } },
    { name: 'faq/getFaq', path: '/api/faq/getFaq', body: { websiteUrl: site } },
    {
      name: 'productServicesData/getProductDetails',
      path: '/api/productServicesData/getProductDetails',
      body: { productName: unit, websiteUrl: site },
    },
    {
      name: 'productServicesData/getCloudProducts',
      path: '/api/productServicesData/getCloudProducts',
      body: { serviceName: unit, websiteUrl: site },
    },
    { name: 'getCountryCode', path: '/api/getCountryCode' },
  ];
}
