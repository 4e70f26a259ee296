import { describe, expect, it } from 'vitest';
import { contentMessages as m } from '@mawingu/contracts/admin/content';
import { formValuesOf, newsFieldOf, newsResolver, newsState, toLocalInput, toRequest, type NewsFormValues } from './news-form.ts';

const values = (over: Partial<NewsFormValues> = {}): NewsFormValues => ({
  title: 'Cape Town region',
  content: '<p>Open</p>',
  imagePath: null,
  links: [],
  publishedAt: '2026-03-01T09:30',
  draft: false,
  ...over,
});

const resolve = (v: NewsFormValues) =>
  newsResolver(v, undefined, { fields: {}, shouldUseNativeValidation: false }) as Promise<{ errors: any }>;

describe('news editor form', () => {
  it('sends trimmed links without the empty rows, and the local date as an instant', () => {
    const request = toRequest(values({ links: [{ value: ' https://a.example ' }, { value: '' }, { value: 'http://b.example/x' }] }));
    expect(request.links).toEqual(['https://a.example', 'http://b.example/x']);
    expect(request.publishedAt).toBe(new Date('2026-03-01T09:30').toISOString());
    expect(toRequest(values({ publishedAt: '' }))).not.toHaveProperty('publishedAt');
  });

  it('puts the contract’s messages under the row that has the bad link, skipping empty rows', async () => {
    const { errors } = await resolve(
      values({ title: ' ', links: [{ value: '' }, { value: 'https://ok.example' }, { value: 'javascript:alert(1)' }] }),
    );
    expect(errors.title.message).toBe(m.titleRequired);
    expect(errors.links[2].value.message).toBe(m.linkInvalid);
    expect(errors.links[1]).toBeUndefined();
  });

  it('passes good values, and maps the API’s field names to the form’s', async () => {
    expect((await resolve(values({ links: [{ value: 'https://ok.example' }] }))).errors).toEqual({});
    expect(newsFieldOf('links.3')).toBe('links.3.value');
    expect(newsFieldOf('links')).toBe('links.root');
    expect(newsFieldOf('imagePath')).toBe('imagePath');
    expect(newsFieldOf('companyId')).toBeNull();
  });

  it('opens an item with its values, and a new one dated now', () => {
    const item = {
      id: 1,
      title: 'T',
      content: 'C',
      imagePath: '/api/files/x',
      links: ['https://a.example'],
      publishedAt: '2026-03-01T07:30:00.000Z',
      draft: true,
    };
    expect(formValuesOf(item)).toEqual({
      title: 'T',
      content: 'C',
      imagePath: '/api/files/x',
      links: [{ value: 'https://a.example' }],
      publishedAt: toLocalInput(item.publishedAt),
      draft: true,
    });
    expect(formValuesOf(null).draft).toBe(false);
    const now = new Date('2026-05-02T10:11:00Z');
    expect(formValuesOf(null, now).publishedAt).toBe(toLocalInput(now.toISOString()));
    expect(toLocalInput('nonsense')).toBe('');
  });

  it('says where an item stands: a draft whatever its date, scheduled while its date is ahead, else published', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(newsState({ draft: true, publishedAt: '2026-01-01T00:00:00Z' }, now)).toBe('draft');
    expect(newsState({ draft: false, publishedAt: '2026-11-28T10:00:01Z' }, now)).toBe('scheduled');
    expect(newsState({ draft: false, publishedAt: '2026-11-28T10:00:00Z' }, now)).toBe('published');
    expect(toRequest(values({ draft: true })).draft).toBe(true);
  });
});
